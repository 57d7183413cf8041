"""Workers: processes on any machine that play the games a job queue hands them, exactly once."""
