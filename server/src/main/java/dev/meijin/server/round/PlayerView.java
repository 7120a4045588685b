package dev.meijin.server.round;

/** One seat as shown: name, {@code human} or {@code engine}, the engine's level, whether the player is connected. */
public record PlayerView(String name, String kind, Integer engineLevel, boolean connected) {}
