package dev.meijin.core.movegen;

import dev.meijin.core.position.Position;

/**
 * Move generation by {@link GenType} into caller-owned buffers.
 *
 * {@snippet :
 * int[] buf = new int[Position.MAX_MOVES];
 * int end = MoveGen.generate(pos, GenType.LEGAL_ALL, buf, 0);
 * }
 */
public final class MoveGen {
    private MoveGen() {}

    /**
     * Writes the moves of the given type from {@code start} on and returns the new end. Allocates nothing.
     * The buffer needs {@link Position#MAX_MOVES} free entries from {@code start}.
     */
    public static int generate(Position pos, GenType type, int[] buf, int start) {
        switch (type.mode) {
            case IN_CHECK -> {
                if (!pos.inCheck()) {
                    return start;
                }
            }
            case NOT_IN_CHECK -> {
                if (pos.inCheck()) {
                    return start;
                }
            }
            case ANY -> {}
        }
        return pos.generate(type.flags, buf, start);
    }
}
