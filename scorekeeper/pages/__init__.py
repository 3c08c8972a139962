"""The web pages: views, forms, the deal form and its widgets, previews as a deal is entered, template tags."""
