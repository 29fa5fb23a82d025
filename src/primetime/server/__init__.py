"""The web server: lobby, tables, real-time play over WebSockets, durable storage."""
