"""The API's bodies and answers, a module per resource (each its inputs, outputs and fields)."""
