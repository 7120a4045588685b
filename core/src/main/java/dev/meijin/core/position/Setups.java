package dev.meijin.core.position;

import dev.meijin.core.Color;
import dev.meijin.core.Piece;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Standard setups. SFEN text is read and written by {@code dev.meijin.core.sfen.Sfen}. */
public final class Setups {
    private Setups() {}

    /** The SFEN of the even-game starting position. */
    public static final String STARTPOS_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    /** The even-game starting position as a setup. */
    public static final Setup STARTPOS = startpos();

    private static Setup startpos() {
        List<Integer> b = new ArrayList<>(Collections.nCopies(81, 0));
        int[] back = {2, 3, 4, 7, 8, 7, 4, 3, 2}; // L N S G K G S N L, files 9..1 (symmetric)
        for (int f = 1; f <= 9; f++) {
            b.set(9 * (f - 1), Piece.of(1, back[f - 1]));
            b.set(9 * (f - 1) + 2, Piece.of(1, 1));
            b.set(9 * (f - 1) + 6, Piece.of(0, 1));
            b.set(9 * (f - 1) + 8, Piece.of(0, back[f - 1]));
        }
        b.set(9 * (2 - 1) + 1, Piece.of(1, 5)); // gote bishop 2b
        b.set(9 * (8 - 1) + 1, Piece.of(1, 6)); // gote rook 8b
        b.set(9 * (8 - 1) + 7, Piece.of(0, 5)); // sente bishop 8h
        b.set(9 * (2 - 1) + 7, Piece.of(0, 6)); // sente rook 2h
        return new Setup(b, Collections.nCopies(16, 0), Color.SENTE, 1);
    }
}
