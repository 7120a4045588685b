package dev.meijin.notation.move;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import java.util.Optional;

/**
 * CSA move text: the side's sign, the origin ({@code 00} for a drop), the destination and the two-letter
 * name of the piece <em>after</em> the move: {@code +7776FU}, {@code -3334FU}, {@code +8822UM} (a bishop
 * promoting), {@code +0055KA} (a drop).
 *
 * <p>{@link #parse} accepts the text with or without the sign; a sign must match the side to move. The
 * promotion is read from the piece name: the piece after the move differs from the piece on the origin
 * exactly when it promotes.
 *
 * {@snippet :
 * int m = CsaNotation.parse(pos, "+7776FU");
 * CsaNotation.format(pos, m); // "+7776FU"
 * }
 */
public final class CsaNotation {
    private CsaNotation() {}

    /**
     * Writes a move as CSA text.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the move text, for example {@code +7776FU}
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String format(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return write(move);
    }

    /**
     * Reads CSA move text.
     *
     * @param before the position before the move
     * @param text the move text, for example {@code +7776FU}, {@code -0055KA} or {@code 8822UM}
     * @return the legal int move
     * @throws MoveNotationException MALFORMED for text that is not a CSA move; ILLEGAL if the sign is not the
     *     side to move's, the piece name does not fit the piece on the origin, or the move is not legal
     */
    public static int parse(Position before, String text) {
        return parse(new Legal(before), text);
    }

    static String write(int m) {
        StringBuilder sb = new StringBuilder(7);
        sb.append(Piece.color(Move.piece(m)) == 0 ? '+' : '-');
        sb.append(Move.isDrop(m) ? "00" : Square.csa(Move.from(m))).append(Square.csa(Move.to(m)));
        return sb.append(Piece.roleOf(Move.pieceAfter(m)).csa()).toString();
    }

    static int parse(Legal legal, String text) {
        if (text == null) {
            throw Errors.malformed("CSA", "null", legal, -1, "no text");
        }
        String s = text.strip();
        int lead = text.length() - text.stripLeading().length(); // error indices count from the text as given
        int i = 0;
        int sign = -1;
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            sign = s.charAt(0) == '+' ? 0 : 1;
            i = 1;
        }
        if (s.length() != i + 6) {
            throw Errors.malformed("CSA", text, legal, -1, "expected a sign, four digits and a piece, as +7776FU");
        }
        int ff = s.charAt(i) - '0', fr = s.charAt(i + 1) - '0', tf = s.charAt(i + 2) - '0', tr = s.charAt(i + 3) - '0';
        boolean drop = ff == 0 && fr == 0;
        if (!drop && !Legal.validSquare(ff, fr)) {
            throw Errors.malformed("CSA", text, legal, lead + i, "\"" + s.substring(i, i + 2) + "\" is not a square or 00");
        }
        if (!Legal.validSquare(tf, tr)) {
            throw Errors.malformed("CSA", text, legal, lead + (i + 2), "\"" + s.substring(i + 2, i + 4) + "\" is not a square");
        }
        Role after = csaRole(s.substring(i + 4));
        if (after == null) {
            throw Errors.malformed("CSA", text, legal, lead + (i + 4), "\"" + Errors.excerpt(s.substring(i + 4)) + "\" is not a CSA piece name");
        }
        if (sign >= 0 && sign != legal.us) {
            throw Errors.illegal("CSA", text, legal, IllegalMoveReason.NOT_YOUR_TURN,
                    (legal.us == 0 ? "sente (+)" : "gote (-)") + " is to move");
        }
        int to = Square.of(tf, tr);
        int m;
        if (drop) {
            if (!after.isHandRole()) {
                throw Errors.illegal("CSA", text, legal, after.csa() + " cannot be dropped");
            }
            m = Move.drop(after.code(), to, legal.us);
        } else {
            int from = Square.of(ff, fr);
            int piece = legal.pos.pieceAt(from);
            if (piece == Piece.NONE || Piece.color(piece) != legal.us) {
                // The core names the rule (no piece there, or the opponent's), as for every notation.
                boolean promote = after.isPromoted();
                Optional<IllegalMove> why = legal.whyIllegal(from, to, promote);
                if (why.isEmpty()) {
                    throw Errors.illegal("CSA", text, legal, "a piece must move to another square");
                }
                throw Errors.illegal("CSA", text, legal, why.get().reason(), why.get().message() + " ("
                        + new MoveOrDrop.BoardMove(from, to, promote).usi() + ")");
            }
            Role before = Piece.roleOf(piece);
            boolean promote = after != before;
            if (promote && !(before.canPromote() && before.promoted() == after)) {
                throw Errors.illegal("CSA", text, legal, "the piece on " + Square.csa(from) + " is " + before.csa()
                        + ", which cannot become " + after.csa());
            }
            m = Move.normal(from, to, piece, promote);
        }
        if (!legal.contains(m)) {
            // The core says which rule the move breaks (its reach, the check, nifu, …).
            Optional<IllegalMove> why = Move.isReal(m) ? legal.pos.illegalMove(Move.toRecord(m)) : Optional.empty();
            String sentence = why.map(IllegalMove::message)
                    .orElse(Move.isReal(m) ? "not a legal move" : "a piece must move to another square");
            throw Errors.illegal("CSA", text, legal, why.map(IllegalMove::reason).orElse(null),
                    sentence + " (" + Move.usi(m) + ")");
        }
        return m;
    }

    private static Role csaRole(String name) {
        for (Role r : Role.values()) {
            if (r.csa().equals(name)) {
                return r;
            }
        }
        return null;
    }
}
