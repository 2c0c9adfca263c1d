"""Lessons and scenarios: safe YAML loading, validation with line-numbered problems, solving."""
