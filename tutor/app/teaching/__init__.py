"""The teacher's side of the app: signing in (:mod:`gate`), a class's pages (members, assignments, the
dashboard) and the live round a teacher runs on a projector."""
