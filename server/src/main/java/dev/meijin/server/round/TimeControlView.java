package dev.meijin.server.round;

/** The time control in milliseconds, with Japanese and English descriptions. */
public record TimeControlView(long mainMs, long byoyomiMs, int periods, long incrementMs, String ja, String en) {}
