"""Aluette tutor: a rules engine, lessons and scenarios, and a Streamlit app for learning Aluette."""

__version__ = "0.1.0"
