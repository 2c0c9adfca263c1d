"""A learner's progress: what they answered, and what to review next."""
