"""Game-specific helpers of the tutorial notebooks (staging and display), one module per game area.

Kept out of the notebooks so that their cells stay about the game.
"""
