package dev.meijin.bench;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;

/**
 * The fixed positions the benchmarks run on. They are taken from the perft table in the test data
 * ({@code perft/perft.tsv}), so every one has a published, cross-checked leaf count. Changing this list
 * changes every recorded figure; add a new list instead.
 */
final class BenchPositions {
    private BenchPositions() {}

    /** The even-game start position. */
    static final String STARTPOS = Sfen.STARTPOS;

    /** The largest known number of legal moves: 593, almost all of them drops. */
    static final String MAX_593 = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

    /** A middlegame with 227 legal moves and pieces in both hands (move 97). */
    static final String MID_227 =
            "1nk1g4/1r4+P1+P/l2s3+P1/4p4/P1PPP2n1/2p2p3/+p+p3G3/1B2G3R/1+s2K1+b1L b GSL2Ps2nl4p 97";

    /** A middlegame with 245 legal moves (move 149). */
    static final String MID_245 =
            "6k2/2r2p3/2+Np+N+Pp1g/2sP5/2pg4L/1p+n1pL1p1/1+p4K2/+lR4S1p/B6G1 b BGS4Psnl3p 149";

    /** A middlegame with 240 legal moves, gote to move (shogiops "gentest-2", perft 2 = 39 392). */
    static final String MID_240 =
            "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GSPPPPbgsnp";

    /**
     * The move-generation and do/undo set: the start position, the 593-move position, five middlegames
     * (from 37 to 245 moves), two positions in check (7 and 6 evasions) and an endgame where dropping the
     * pawn on 1b would be uchifuzume. 1 655 legal moves in all ({@link GenType#LEGAL_ALL}).
     */
    static final String[] MOVEGEN_SET = {
        STARTPOS,
        MAX_593,
        MID_227,
        MID_245,
        MID_240,
        "8b/lsk2sgP1/1p2g3+P/P1rP5/1NP2Ppn1/1P2R1P2/L6+pN/5KG1L/2S+p4S w NL5Pbgp 78",
        "1n2kgb2/2rs4l/lgp5n/pp3ppp1/P1PppP1P1/3P3Rp/LP2P1G1P/2GSK2SL/1NB3SN1 b p 51",
        "lr6l/3g1kg2/p2pp2s+P/2Ps1ppp1/8L/P1nP2PR1/1P3PS2/1SGK5/LN3G3 b BNNPPPbpp",
        "2p1g3b/3+P1ps2/+P2skg3/2PP1P1Pl/3n1LP2/1p1Gp3p/N3P1+n2/L1G2KSRL/1RBS5 b 4Pnp 111",
        "7lk/9/8S/9/9/9/9/7L1/8K b P",
    };

    /** Parses SFEN texts into positions. */
    static Position[] load(String... sfens) {
        Position[] out = new Position[sfens.length];
        for (int i = 0; i < sfens.length; i++) {
            out[i] = Sfen.position(sfens[i]);
        }
        return out;
    }
}
