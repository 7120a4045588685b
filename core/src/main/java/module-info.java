/**
 * The Meijin rules core: shogi vocabulary, positions with legal move generation, SFEN, USI move text, game
 * endings, and the reading of ASCII numbers that every text reader shares. It has no dependencies;
 * {@code dev.meijin.core.bits} (attack tables) stays internal.
 */
module dev.meijin.core {
    exports dev.meijin.core;
    exports dev.meijin.core.position;
    exports dev.meijin.core.movegen;
    exports dev.meijin.core.sfen;
    exports dev.meijin.core.usi;
    exports dev.meijin.core.game;
    exports dev.meijin.core.text;
}
