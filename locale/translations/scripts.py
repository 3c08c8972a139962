# The scripts' sentences (the djangojs domain) in Swedish, Danish and Icelandic, as pages.py:
# msgid (or (context, msgid)) -> (sv, da, is). Card names: Swedish "spader ess" and Danish
# "spar es" put the suit first (spelakort.com's ordlista; pagat.com on Danish packs);
# Icelandic joins a court card into one word ("spaðaás", "tígulkóngur": spilareglur.is).

DJANGOJS = {
    "held by %(names)s": ("hos %(names)s", "hos %(names)s", "hjá %(names)s"),
    "another entry": ("en annan uppgift", "en anden oplysning", "önnur færsla"),
    "remove the last card": (
        "ta bort det sista kortet",
        "fjern det sidste kort",
        "fjarlægja síðasta spilið",
    ),
    "in this hand twice": (
        "två gånger på den här handen",
        "to gange på denne hånd",
        "tvisvar á þessari hendi",
    ),
    "in this hand": ("på den här handen", "på denne hånd", "á þessari hendi"),
    "empty the selected cell": (
        "töm den valda rutan",
        "tøm den valgte celle",
        "tæma valda reitinn",
    ),
    "row %(row)s column %(column)s": (
        "rad %(row)s kolumn %(column)s",
        "række %(row)s kolonne %(column)s",
        "lína %(row)s dálkur %(column)s",
    ),
    "%(cell)s: empty": ("%(cell)s: tom", "%(cell)s: tom", "%(cell)s: tómur"),
    "%(names)s has no entry. Nothing was sent: fill it in first.": (
        [
            "%(names)s har ingen uppgift. Ingenting skickades: fyll i den först.",
            "%(names)s har ingen uppgift. Ingenting skickades: fyll i dem först.",
        ],
        [
            "%(names)s har ingen oplysning. Intet blev sendt: udfyld den først.",
            "%(names)s har ingen oplysning. Intet blev sendt: udfyld dem først.",
        ],
        [
            "%(names)s hefur enga færslu. Ekkert var sent: fylltu hana út fyrst.",
            "%(names)s hafa enga færslu. Ekkert var sent: fylltu þær út fyrst.",
        ],
    ),
    "deal": ("giv", "spil", "spil"),
    "%(word)s %(number)s of %(game)s": (
        "%(word)s %(number)s i %(game)s",
        "%(word)s %(number)s i %(game)s",
        "%(word)s %(number)s í %(game)s",
    ),
    "%(word)s %(number)s": ("%(word)s %(number)s", "%(word)s %(number)s", "%(word)s %(number)s"),
    "Void %(deal)s of %(game)s": (
        "Stryk %(deal)s i %(game)s",
        "Annullér %(deal)s i %(game)s",
        "Ógilda %(deal)s í %(game)s",
    ),
    "Void %(deal)s": ("Stryk %(deal)s", "Annullér %(deal)s", "Ógilda %(deal)s"),
    "An amendment": ("En ändring", "En rettelse", "Leiðrétting"),
    "%(item)s is queued (not yet recorded): it is sent when the network is back. You can enter the next one.": (
        "%(item)s står i kö (inte registrerad än): den skickas när nätet är tillbaka. Du kan mata in nästa.",
        "%(item)s står i kø (ikke registreret endnu): det sendes, når nettet er tilbage. Du kan indtaste det næste.",
        "%(item)s er í biðröð (ekki skráð enn): það er sent þegar netið kemur aftur. Þú getur slegið inn það næsta.",
    ),
    "void queued": ("strykning i kö", "annullering i kø", "ógilding í biðröð"),
    "%(item)s: queued (not yet recorded).": (
        "%(item)s: i kö (inte registrerad än).",
        "%(item)s: i kø (ikke registreret endnu).",
        "%(item)s: í biðröð (ekki skráð enn).",
    ),
    "The server refused it (%(status)s).": (
        "Servern avvisade den (%(status)s).",
        "Serveren afviste det (%(status)s).",
        "Þjónninn hafnaði því (%(status)s).",
    ),
    "%(word)s %(number)s was recorded by %(name)s's phone while you were offline.": (
        "%(word)s %(number)s registrerades från %(name)ss telefon medan du var offline.",
        "%(word)s %(number)s blev registreret fra %(name)ss telefon, mens du var offline.",
        "%(word)s %(number)s var skráð í síma %(name)s á meðan þú varst ótengdur.",
    ),
    "%(word)s (the next)": ("%(word)s (nästa)", "%(word)s (det næste)", "%(word)s (það næsta)"),
    "%(item)s was not recorded: %(reason)s": (
        "%(item)s registrerades inte: %(reason)s",
        "%(item)s blev ikke registreret: %(reason)s",
        "%(item)s var ekki skráð: %(reason)s",
    ),
    "%(item)s: recorded.": ("%(item)s: registrerad.", "%(item)s: registreret.", "%(item)s: skráð."),
    "%(count)s queued entry recorded.": (
        ["%(count)s köad uppgift registrerad.", "%(count)s köade uppgifter registrerade."],
        [
            "%(count)s oplysning fra køen registreret.",
            "%(count)s oplysninger fra køen registreret.",
        ],
        ["%(count)s færsla úr biðröð skráð.", "%(count)s færslur úr biðröð skráðar."],
    ),
    "%(count)s queued (not yet recorded)": (
        ["%(count)s i kö (inte registrerad än)", "%(count)s i kö (inte registrerade än)"],
        ["%(count)s i kø (ikke registreret endnu)", "%(count)s i kø (ikke registreret endnu)"],
        ["%(count)s í biðröð (ekki skráð enn)", "%(count)s í biðröð (ekki skráð enn)"],
    ),
    "You were signed out: sign in again and they are sent.": (
        "Du loggades ut: logga in igen så skickas de.",
        "Du blev logget ud: log ind igen, så sendes de.",
        "Þú varst skráður út: skráðu þig inn aftur og þau verða send.",
    ),
    "Sending them, in order…": (
        "Skickar dem, i tur och ordning…",
        "Sender dem, i rækkefølge…",
        "Sendir þau, í röð…",
    ),
    "The phone is offline. They are sent, in order, as soon as it is back online.": (
        "Telefonen är offline. De skickas, i tur och ordning, så fort den är uppkopplad igen.",
        "Telefonen er offline. De sendes, i rækkefølge, så snart den er online igen.",
        "Síminn er ótengdur. Þau eru send, í röð, um leið og hann tengist aftur.",
    ),
    "%(item)s — queued (not yet recorded)": (
        "%(item)s — i kö (inte registrerad än)",
        "%(item)s — i kø (ikke registreret endnu)",
        "%(item)s — í biðröð (ekki skráð enn)",
    ),
    "Yours (%(item)s) is kept on this phone.": (
        "Din (%(item)s) finns kvar på den här telefonen.",
        "Dit (%(item)s) gemmes på denne telefon.",
        "Þitt (%(item)s) er geymt í þessum síma.",
    ),
    "Record it as the next %(word)s": (
        "Registrera den som nästa %(word)s",
        "Registrér det som næste %(word)s",
        "Skrá það sem næsta %(word)s",
    ),
    "Discard it": ("Släng den", "Kassér det", "Henda því"),
    "Discard %(item)s? It was never recorded.": (
        "Släng %(item)s? Den registrerades aldrig.",
        "Kassér %(item)s? Det blev aldrig registreret.",
        "Henda %(item)s? Það var aldrei skráð.",
    ),
    "Open the game": ("Öppna spelet", "Åbn spillet", "Opna leikinn"),
    "%(item)s was not recorded.": (
        "%(item)s registrerades inte.",
        "%(item)s blev ikke registreret.",
        "%(item)s var ekki skráð.",
    ),
    "Dismiss": ("Stäng", "Luk", "Loka"),
    "Drawing the picture…": ("Ritar bilden…", "Tegner billedet…", "Teiknar myndina…"),
    "Shared.": ("Delad.", "Delt.", "Deilt."),
    "Saved as %(name)s.": ("Sparad som %(name)s.", "Gemt som %(name)s.", "Vistað sem %(name)s."),
    "The picture could not be made here. Open %(url)s to see it.": (
        "Bilden kunde inte skapas här. Öppna %(url)s för att se den.",
        "Billedet kunne ikke laves her. Åbn %(url)s for at se det.",
        "Ekki tókst að búa til myndina hér. Opnaðu %(url)s til að sjá hana.",
    ),
    "Could not refresh the scores since %(time)s: they may be out of date. Still trying.": (
        "Kunde inte uppdatera poängen sedan %(time)s: de kan vara inaktuella. Försöker fortfarande.",
        "Kunne ikke opdatere pointene siden %(time)s: de kan være forældede. Prøver stadig.",
        "Tókst ekki að uppfæra stigin síðan %(time)s: þau gætu verið úrelt. Reyni enn.",
    ),
    "%(why)s What you entered is still here: tap the button again to send it.": (
        "%(why)s Det du matade in finns kvar: tryck på knappen igen för att skicka det.",
        "%(why)s Det, du indtastede, er her stadig: tryk på knappen igen for at sende det.",
        "%(why)s Það sem þú slóst inn er hér enn: ýttu aftur á hnappinn til að senda það.",
    ),
    "Not recorded: no connection.": (
        "Inte registrerat: ingen anslutning.",
        "Ikke registreret: ingen forbindelse.",
        "Ekki skráð: engin tenging.",
    ),
    "Not recorded: no answer from the server.": (
        "Inte registrerat: inget svar från servern.",
        "Ikke registreret: intet svar fra serveren.",
        "Ekki skráð: ekkert svar frá þjóninum.",
    ),
    "an error": ("ett fel", "en fejl", "villa"),
    "Not recorded: the server answered %(status)s.": (
        "Inte registrerat: servern svarade %(status)s.",
        "Ikke registreret: serveren svarede %(status)s.",
        "Ekki skráð: þjónninn svaraði %(status)s.",
    ),
    "Nets now: %(totals)s.": (
        "Netto nu: %(totals)s.",
        "Netto nu: %(totals)s.",
        "Nettó núna: %(totals)s.",
    ),
    "Totals now: %(totals)s.": (
        "Summor nu: %(totals)s.",
        "Summer nu: %(totals)s.",
        "Samtals núna: %(totals)s.",
    ),
    ("a suit, as in a card's name", "spades"): ("spader", "spar", "spaða"),
    ("a suit, as in a card's name", "hearts"): ("hjärter", "hjerter", "hjarta"),
    ("a suit, as in a card's name", "clubs"): ("klöver", "klør", "lauf"),
    ("a suit, as in a card's name", "diamonds"): ("ruter", "ruder", "tígul"),
    ("a rank, as in a card's name", "ace"): ("ess", "es", "ás"),
    ("a rank, as in a card's name", "jack"): ("knekt", "knægt", "gosi"),
    ("a rank, as in a card's name", "queen"): ("dam", "dame", "drottning"),
    ("a rank, as in a card's name", "king"): ("kung", "konge", "kóngur"),
    ("a card's name", "%(rank)s of %(suit)s"): (
        "%(suit)s %(rank)s",
        "%(suit)s %(rank)s",
        "%(suit)s%(rank)s",
    ),
    ("a number card's name", "%(rank)s of %(suit)s"): (
        "%(suit)s %(rank)s",
        "%(suit)s %(rank)s",
        "%(suit)s %(rank)s",
    ),
    ("a play of no card", "Pass"): ("Pass", "Pas", "Pass"),
    "All pass": ("Alla passar", "Alle passer", "Allir segja pass"),
    "All pass: everyone still to play passes": (
        "Alla passar: alla som ännu inte spelat passar",
        "Alle passer: alle, der endnu ikke har spillet, passer",
        "Allir segja pass: allir sem eiga eftir að spila segja pass",
    ),
    "Undo": ("Ångra", "Fortryd", "Afturkalla"),
    "Undo: take back the last card": (
        "Ångra: ta tillbaka det sista kortet",
        "Fortryd: tag det sidste kort tilbage",
        "Afturkalla: taka síðasta spilið til baka",
    ),
    "%(card)s, played": ("%(card)s, spelat", "%(card)s, spillet", "%(card)s, spilað"),
    "%(name)s %(cards)s": ("%(name)s %(cards)s", "%(name)s %(cards)s", "%(name)s %(cards)s"),
    "%(name)s passes": ("%(name)s passar", "%(name)s passer", "%(name)s segir pass"),
    "refused (why is below): Undo takes back the last card": (
        "avvisat (varför står nedan): Ångra tar tillbaka det sista kortet",
        "afvist (hvorfor står nedenfor): Fortryd tager det sidste kort tilbage",
        "hafnað (ástæðan er hér fyrir neðan): Afturkalla tekur síðasta spilið til baka",
    ),
    "waiting for the verdict (or tap who leads)": (
        "väntar på utslaget (eller tryck på vem som spelar ut)",
        "venter på kendelsen (eller tryk på, hvem der spiller ud)",
        "bíður eftir úrskurði (eða ýttu á þann sem spilar út)",
    ),
    "tap who leads": (
        "tryck på vem som spelar ut",
        "tryk på, hvem der spiller ud",
        "ýttu á þann sem spilar út",
    ),
    "%(name)s adds a card": (
        "%(name)s lägger till ett kort",
        "%(name)s lægger et kort til",
        "%(name)s bætir við spili",
    ),
    "%(name)s to play": ("%(name)s på tur", "%(name)s i tur", "%(name)s á leik"),
    "%(name)s leads": ("%(name)s spelar ut", "%(name)s spiller ud", "%(name)s spilar út"),
    "Trick %(number)s: %(plays)s; %(next)s.": (
        "Stick %(number)s: %(plays)s; %(next)s.",
        "Stik %(number)s: %(plays)s; %(next)s.",
        "Slagur %(number)s: %(plays)s; %(next)s.",
    ),
    "Trick %(number)s: %(next)s.": (
        "Stick %(number)s: %(next)s.",
        "Stik %(number)s: %(next)s.",
        "Slagur %(number)s: %(next)s.",
    ),
    "%(card)s taken back.": (
        "%(card)s tas tillbaka.",
        "%(card)s taget tilbage.",
        "%(card)s tekið til baka.",
    ),
    "The pass taken back.": (
        "Passet tas tillbaka.",
        "Passet taget tilbage.",
        "Passið tekið til baka.",
    ),
    "The screen stays awake while this game is open.": (
        "Skärmen hålls vaken medan spelet är öppet.",
        "Skærmen holdes vågen, mens spillet er åbent.",
        "Skjárinn helst vakandi á meðan leikurinn er opinn.",
    ),
    "The screen may sleep: it will stay awake again when you come back.": (
        "Skärmen kan somna: den hålls vaken igen när du kommer tillbaka.",
        "Skærmen kan gå i dvale: den holdes vågen igen, når du kommer tilbage.",
        "Skjárinn gæti sofnað: hann helst vakandi aftur þegar þú kemur til baka.",
    ),
    "Could not keep the screen awake (%(why)s): the phone may sleep between deals.": (
        "Kunde inte hålla skärmen vaken (%(why)s): telefonen kan somna mellan givarna.",
        "Kunne ikke holde skærmen vågen (%(why)s): telefonen kan gå i dvale mellem spillene.",
        "Tókst ekki að halda skjánum vakandi (%(why)s): síminn gæti sofnað á milli spila.",
    ),
    "refused": ("nekat", "afvist", "hafnað"),
    "The screen may sleep as usual.": (
        "Skärmen kan somna som vanligt.",
        "Skærmen kan gå i dvale som normalt.",
        "Skjárinn má sofna eins og venjulega.",
    ),
    "This browser cannot keep the screen awake: set the phone's screen timeout longer while you play.": (
        "Den här webbläsaren kan inte hålla skärmen vaken: ställ in en längre skärmtimeout på telefonen medan ni spelar.",
        "Denne browser kan ikke holde skærmen vågen: sæt telefonens skærmtimeout længere, mens I spiller.",
        "Þessi vafri getur ekki haldið skjánum vakandi: stilltu lengri skjátíma á símanum á meðan þið spilið.",
    ),
}
