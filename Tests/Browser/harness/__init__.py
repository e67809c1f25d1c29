"""The browser suite's machinery: the hub it runs against, Chrome, and the hub's JSON APIs."""
