"""The Streamlit app: thin pages over the engine and the content layer."""
