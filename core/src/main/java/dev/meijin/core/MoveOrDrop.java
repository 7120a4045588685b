package dev.meijin.core;

/**
 * A move as an API value: a board move (with optional promotion) or a drop. Hot paths use int moves
 * ({@link Move}); convert at the edges with {@link Move#toRecord(int)} and the position's
 * {@code encode(MoveOrDrop)}.
 */
public sealed interface MoveOrDrop permits MoveOrDrop.BoardMove, MoveOrDrop.Drop {

    /** The destination square. */
    int to();

    /** The USI text of this move. */
    String usi();

    /** A move of a piece on the board from one square to another, promoting or not. */
    record BoardMove(int from, int to, boolean promote) implements MoveOrDrop {
        public BoardMove {
            if (!Square.isValid(from) || !Square.isValid(to) || from == to) {
                throw new IllegalArgumentException("invalid board move from " + from + " to " + to);
            }
        }

        @Override
        public String usi() {
            return Move.usi(Move.normal(from, to, 0, promote));
        }
    }

    /** A piece dropped from the hand onto an empty square. */
    record Drop(Role role, int to) implements MoveOrDrop {
        public Drop {
            if (!role.isHandRole() || !Square.isValid(to)) {
                throw new IllegalArgumentException("invalid drop of " + role + " to " + to);
            }
        }

        @Override
        public String usi() {
            return Move.usi(Move.drop(role.code(), to, 0));
        }
    }
}
