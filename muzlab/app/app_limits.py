"""The classroom app's limits, read by the command that starts it (`muzlab.app.lessons`) and by the
server it starts (`muzlab.app.appserver`), which loads Jupyter's server and so is imported only to serve."""

#: Kernels at once unless the teacher says otherwise (about 6 GB at 160 MB each; `muzlab.app.appserver`).
MAX_KERNELS = 40
#: A kernel idle this long (seconds) is shut down, even with its page open: 30 minutes.
CULL_IDLE_SECONDS = 1800
