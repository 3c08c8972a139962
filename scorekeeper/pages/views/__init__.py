"""Page views, one module per noun. Each is thin: parse a form, call a service, render."""
