"""The languages the app speaks: which one a request, a person or a night's table speaks, and the engine's sentences rendered in it with the players' names."""
