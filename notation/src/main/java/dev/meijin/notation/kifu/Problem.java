package dev.meijin.notation.kifu;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.PositionIssue;
import dev.meijin.core.sfen.SfenException;

/**
 * Something wrong in a record's text, found while reading.
 *
 * @param kind what is wrong, for a reader of another language: the {@code message} is English, and a page
 *     writes its own sentence from the kind, the place and the {@code text}
 * @param line 1-based line number (0 if not tied to a line)
 * @param column 1-based column (0 if not known)
 * @param ply the ply of the move concerned (0 if not a move)
 * @param message what is wrong, naming the offending text; a message longer than {@link Limits#MAX_MESSAGE}
 *     characters is cut there, so that no input, however long, makes a long report line
 * @param text the offending input the message quotes, cut to {@link Limits#MAX_EXCERPT} characters (the last an
 *     ellipsis, and no length in any language, so that a page can quote it in its own), or for a JKF record the
 *     path of the member concerned; null when the message quotes nothing
 * @param rule for {@link Kind#ILLEGAL_MOVE} the {@link IllegalMoveReason} the move breaks, for
 *     {@link Kind#ILLEGAL_START} the first {@link PositionIssue} of the position; null when not known and with
 *     every other kind
 */
public record Problem(Kind kind, int line, int column, int ply, String message, String text, Enum<?> rule) {
    /**
     * What is wrong, in terms a player would recognise. Each has a sentence in every language of the pages
     * ({@code problem.<KIND>} in the web pages' string table).
     */
    public enum Kind {
        /** The text is longer than a reader reads, or has more lines; the rest was not read. */
        TEXT_TOO_LONG,
        /** One line is longer than a reader reads; it was skipped. */
        LINE_TOO_LONG,
        /** More moves than a record may have (in a line, or in all). */
        TOO_MANY_MOVES,
        /** More problems than are listed; reading stopped, or the rest are not listed. */
        TOO_MANY_PROBLEMS,
        /** The text holds no record or position at all (empty, or nothing of the format). */
        NO_RECORD,
        /** The text is read as one format but looks like another. */
        WRONG_FORMAT,
        /** A JKF text that is not JSON. */
        BAD_JSON,
        /** Bytes that are not valid in the text's character encoding. */
        BAD_ENCODING,
        /** A character the chosen encoding cannot write. */
        CANNOT_ENCODE,
        /** A line the reader does not understand at all. */
        UNKNOWN_LINE,
        /** Stray text after something that was read (a move, a board row, a header). */
        UNEXPECTED_TEXT,
        /** A header line (棋戦, 先手, a CSA information or version line…) that cannot be read. */
        BAD_HEADER,
        /** A handicap (手合割, CSA PI, JKF preset) that is not known. */
        UNKNOWN_HANDICAP,
        /** The board as a whole: a diagram without nine rows, missing, or described twice. */
        BAD_BOARD,
        /** One row of the board that cannot be read. */
        BAD_BOARD_ROW,
        /** A square that is not one. */
        BAD_SQUARE,
        /** A piece name that is not one. */
        BAD_PIECE,
        /** Pieces in hand that cannot be read or cannot be held. */
        BAD_HAND,
        /** The side to move missing, given twice, or not readable. */
        SIDE_TO_MOVE,
        /** An SFEN that cannot be read. */
        BAD_SFEN,
        /** The start position breaks a rule (see {@link Problem#rule}); no moves were read. */
        ILLEGAL_START,
        /** A second position in a text that holds one. */
        EXTRA_POSITION,
        /** A move number (or 手数＝) that is not the one expected or is no number. */
        MOVE_NUMBER,
        /** A numbered move without its move. */
        MISSING_MOVE,
        /** A move whose text cannot be read as a move. */
        UNREADABLE_MOVE,
        /** A move that several legal moves match (a missing 右, 左, 直, 打…). */
        AMBIGUOUS_MOVE,
        /** A move that breaks a rule (see {@link Problem#rule}). */
        ILLEGAL_MOVE,
        /** A move after the game had ended (after 投了, 詰み, a CSA special…). */
        MOVE_AFTER_END,
        /** A time (消費時間, a CSA T line) that cannot be read or is too long. */
        BAD_TIME,
        /** A variation (変化) that cannot be placed or read. */
        BAD_VARIATION,
        /** An ending line (まで…, a CSA special) that cannot be read. */
        BAD_ENDING,
        /** The recorded ending does not agree with the moves or the rules. */
        ENDING_MISMATCH,
        /** A JKF member whose value is not what JKF allows. */
        BAD_FIELD,
        /** A JKF member JKF does not define. */
        UNKNOWN_FIELD,
        /** A record that cannot be written in a format (a move or position the writer cannot give). */
        CANNOT_WRITE
    }

    public Problem {
        if (kind == null) {
            throw new IllegalArgumentException("a problem needs a kind");
        }
        boolean fits = switch (kind) {
            case ILLEGAL_MOVE -> rule == null || rule instanceof IllegalMoveReason;
            case ILLEGAL_START -> rule == null || rule instanceof PositionIssue;
            default -> rule == null;
        };
        if (!fits) {
            throw new IllegalArgumentException("a rule " + rule + " does not go with " + kind);
        }
        message = Limits.clip(message, Limits.MAX_MESSAGE);
        text = text == null ? null : Limits.clip(text, Limits.MAX_EXCERPT);
    }

    /** A problem whose message quotes no input and names no rule. */
    public Problem(Kind kind, int line, int column, int ply, String message) {
        this(kind, line, column, ply, message, null, null);
    }

    /** A problem whose message quotes {@code text}. */
    public Problem(Kind kind, int line, int column, int ply, String message, String text) {
        this(kind, line, column, ply, message, text, null);
    }

    /**
     * {@link Kind#ILLEGAL_START}: the start position breaks a rule; the rule is the first of the position's
     * issues (in {@link PositionIssue}'s order), none when it has none.
     */
    public static Problem illegalStart(int line, int column, String message, IllegalPositionException e) {
        PositionIssue first = e.issues().stream().min(Enum::compareTo).orElse(null);
        return new Problem(Kind.ILLEGAL_START, line, column, 0, message, null, first);
    }

    /**
     * An SFEN that cannot be read, by what is wrong with it: its board ({@link Kind#BAD_BOARD}), side to move
     * ({@link Kind#SIDE_TO_MOVE}), hands ({@link Kind#BAD_HAND}) or move number ({@link Kind#MOVE_NUMBER}), a
     * position that breaks a rule ({@link Kind#ILLEGAL_START}, with the first of its issues), or its fields as a
     * whole ({@link Kind#BAD_SFEN}).
     *
     * @param text the SFEN as the message quotes it, or null; kept for {@link Kind#BAD_SFEN} only, where the
     *     fields as a whole are wrong (the column places the others)
     */
    public static Problem ofSfen(int line, int column, String message, String text, SfenException e) {
        Kind kind = switch (e.reason()) {
            case FIELDS -> Kind.BAD_SFEN;
            case BOARD -> Kind.BAD_BOARD;
            case TURN -> Kind.SIDE_TO_MOVE;
            case HANDS -> Kind.BAD_HAND;
            case MOVE_NUMBER -> Kind.MOVE_NUMBER;
            case POSITION -> Kind.ILLEGAL_START;
        };
        PositionIssue first = e.issues().stream().min(Enum::compareTo).orElse(null);
        return new Problem(kind, line, column, 0, message, kind == Kind.BAD_SFEN ? text : null, first);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (line > 0) {
            sb.append("line ").append(line);
            if (column > 0) {
                sb.append(", column ").append(column);
            }
        }
        if (ply > 0) {
            sb.append(sb.isEmpty() ? "" : ", ").append("ply ").append(ply);
        }
        return (sb.isEmpty() ? "" : sb + ": ") + message;
    }
}
