"""Games worth sharing: a recording as a terminal cast (``cast.py``, asciicast v2) or as one
self-contained web page that plays it (``page.py``), both drawn from the game's own screens
(``frames.py``: the screens the terminal front end draws, walked along the replay)."""
