"""Small parts of the web layer: middlewares for query parameters, a busy database and bodies sent in chunks, URL converters, the typed request."""
