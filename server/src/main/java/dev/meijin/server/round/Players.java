package dev.meijin.server.round;

/** Both seats. */
public record Players(PlayerView sente, PlayerView gote) {}
