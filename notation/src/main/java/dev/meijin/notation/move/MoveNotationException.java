package dev.meijin.notation.move;

import dev.meijin.core.position.IllegalMoveReason;
import java.util.List;
import java.util.Optional;

/**
 * Move text that cannot be read in a position, or a move that cannot be written because it is not legal
 * there. Carries the {@link Reason}, the input text, the SFEN of the position, for an ambiguous move the
 * USI text of each candidate, and for an illegal one that the text names unambiguously the rule it breaks
 * ({@link #rule()}), the same {@link IllegalMoveReason} whatever the notation.
 *
 * <p>Example message: {@code ambiguous move "５二金" in 4k4/9/3GGG3/9/9/9/9/9/4K4 b - 1: 3 pieces can move
 * there (５二金(63), ５二金(53), ５二金(43)); add 右, 左, 直, 上, 引 or 寄}.
 */
public final class MoveNotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What is wrong. */
    public enum Reason {
        /** The text is not the notation's syntax (unknown piece, bad square, stray characters). */
        MALFORMED,
        /** The text is well formed but no legal move matches it (or a move given to a formatter is illegal). */
        ILLEGAL,
        /** Several legal moves match and the text does not say which (a missing 右/左/直, origin or 打). */
        AMBIGUOUS
    }

    private final Reason reason;
    private final String input;
    private final String sfen;
    private final int index;
    private final String[] candidates;
    private final IllegalMoveReason rule;

    /**
     * @param reason what is wrong
     * @param input the text that was read (for a formatter, the USI text of the move)
     * @param sfen the SFEN of the position the move was read in
     * @param index the character index in {@code input} where the problem was found, or -1
     * @param candidates for {@link Reason#AMBIGUOUS}, the USI text of every matching move; otherwise empty
     * @param message the whole message, naming the problem, the input and the SFEN
     */
    public MoveNotationException(Reason reason, String input, String sfen, int index, List<String> candidates,
            String message) {
        this(reason, input, sfen, index, candidates, null, message);
    }

    /**
     * @param reason what is wrong
     * @param input the text that was read (for a formatter, the USI text of the move)
     * @param sfen the SFEN of the position the move was read in
     * @param index the character index in {@code input} where the problem was found, or -1
     * @param candidates for {@link Reason#AMBIGUOUS}, the USI text of every matching move; otherwise empty
     * @param rule for {@link Reason#ILLEGAL}, the rule the move the text names breaks, or {@code null} when the
     *     text names no single move (no piece of the kind reaches the square, or several do)
     * @param message the whole message, naming the problem, the input and the SFEN
     */
    public MoveNotationException(Reason reason, String input, String sfen, int index, List<String> candidates,
            IllegalMoveReason rule, String message) {
        super(message);
        this.reason = reason;
        this.input = input;
        this.sfen = sfen;
        this.index = index;
        this.candidates = candidates.toArray(String[]::new);
        this.rule = rule;
    }

    /** What is wrong: malformed text, an illegal move or an ambiguous one. */
    public Reason reason() {
        return reason;
    }

    /** The text that could not be read (for a formatter, the USI text of the move). */
    public String input() {
        return input;
    }

    /** The SFEN of the position before the move. */
    public String sfen() {
        return sfen;
    }

    /** The character index in {@link #input()} where a syntax problem was found, or -1. */
    public int index() {
        return index;
    }

    /** For {@link Reason#AMBIGUOUS}, the USI text of every move that matches; otherwise empty. */
    public List<String> candidates() {
        return List.of(candidates);
    }

    /**
     * For {@link Reason#ILLEGAL}: the rule broken by the one move the text names, as the core's
     * {@code Position.illegalMove} gives it ({@code KING_LEFT_IN_CHECK} for a pinned piece, {@code NIFU} …);
     * empty when the text names no single move, and for the other reasons.
     */
    public Optional<IllegalMoveReason> rule() {
        return Optional.ofNullable(rule);
    }
}
