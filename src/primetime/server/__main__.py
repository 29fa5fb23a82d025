"""``python -m primetime.server``: the web server on its own (the same as ``primetime serve``)."""
from primetime.server.cli import main

if __name__ == "__main__":
    main()
