"""review page: being built (issues 5 and 6)."""

import streamlit as st

st.title("review")
