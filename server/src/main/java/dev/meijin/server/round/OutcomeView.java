package dev.meijin.server.round;

/**
 * How a game ended, as sent: the winner's colour (null for a draw or an abort), the reason, its Japanese term, a
 * detail and a one-line text; for a failed impasse declaration ({@code ILLEGAL_MOVE}) why it failed, else null.
 */
public record OutcomeView(String winner, String reason, String ja, String detail, String text, DeclarationFailure declarationFailure) {}
