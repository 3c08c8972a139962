"""Small parts of the web layer: middlewares for query parameters and a busy database, URL converters, the typed request."""
