"""The homework edition (`python3 make.py lite`, `muzlab lite FOLDER`): its build, lessons and first page."""
