package dev.meijin.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * One player at the game page in their own browser: plays moves by clicking the board, and reads what the page
 * shows. Moves are given in USI ({@code 7g7f}, {@code 2d2c+}, {@code B*5e}) and played as a person would: a
 * click on the piece (or the piece in hand), a click on the destination, and a click in the promotion choice
 * when the board asks.
 */
final class Seat implements AutoCloseable {

    final Browser browser;
    final String base;

    Seat(String base, Dimension size, String language) {
        this.base = base;
        this.browser = Browser.start(size);
        browser.open(base + "/favicon.svg");
        browser.script("localStorage.setItem('meijin.lang', arguments[0]); localStorage.setItem('meijin.sound', 'off')", language);
    }

    /** Opens the lobby and creates a game with the given form values (select and input ids → values). */
    String create(String name, Map<String, String> form) {
        browser.open(base + "/");
        browser.find("#create-form");
        WebElement nameInput = browser.find("#name");
        nameInput.clear();
        nameInput.sendKeys(name);
        for (String key : List.of("opponent", "handicap", "side", "rules", "tcKind")) {
            if (form.containsKey(key)) {
                new Select(browser.find("#" + key)).selectByValue(form.get(key));
            }
        }
        for (String key : List.of("mainMinutes", "byoyomiSeconds", "periods", "incrementSeconds")) {
            if (form.containsKey(key)) {
                WebElement input = browser.find("#" + key);
                input.clear();
                input.sendKeys(form.get(key));
            }
        }
        if ("false".equals(form.get("postSeek"))) {
            browser.click("#postSeek");
        }
        browser.click("#create");
        browser.await("the game page", d -> d.getCurrentUrl().contains("/game/"));
        browser.find("#status");
        return gameId();
    }

    /** Opens a game's link and takes the free seat. */
    void joinByLink(String gameId, String name) {
        browser.open(base + "/game/" + gameId);
        WebElement input = browser.find("#join-name");
        input.clear();
        input.sendKeys(name);
        browser.click("#join");
        browser.await("the seat taken", d -> you() != null);
    }

    /** Accepts a seek in the lobby list. */
    void acceptSeek(String gameId, String name) {
        browser.open(base + "/");
        WebElement input = browser.find("#name");
        input.clear();
        input.sendKeys(name);
        browser.click("#seeks tr[data-game='" + gameId + "'] .seek-accept");
        browser.await("the game page", d -> d.getCurrentUrl().endsWith("/game/" + gameId));
        browser.await("the seat taken", d -> you() != null);
    }

    String gameId() {
        String url = browser.driver.getCurrentUrl();
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** The colour this page plays, or null for a spectator. */
    String you() {
        return (String) browser.script("return window.meijin && window.meijin.state ? window.meijin.state.you : null");
    }

    String status() {
        return (String) browser.script("return window.meijin && window.meijin.state ? window.meijin.state.status : null");
    }

    long ply() {
        return ((Number) browser.script("return window.meijin.state.ply")).longValue();
    }

    String sfen() {
        return (String) browser.script("return window.meijin.state.sfen");
    }

    String turn() {
        return (String) browser.script("return window.meijin.state.turn");
    }

    /** Waits until the game has {@code ply} moves on this page. */
    void awaitPly(long ply) {
        browser.await("ply " + ply, d -> {
            Object p = browser.script("return window.meijin && window.meijin.state ? window.meijin.state.ply : -1");
            return p instanceof Number n && n.longValue() >= ply;
        });
    }

    /** Waits until it is this page's turn with destinations to play. */
    void awaitMyTurn() {
        browser.await("our turn", d -> Boolean.TRUE.equals(browser.script(
                "const s = window.meijin && window.meijin.state; return !!s && s.status === 'playing' && s.turn === s.you")));
    }

    /** Plays one move by clicks and waits for the server's acknowledgement. */
    void play(String usi) {
        awaitMyTurn();
        long before = ply();
        clickMove(usi);
        awaitPly(before + 1);
        // Read by its ply: a computer opponent may have answered already.
        assertThat(browser.script("return window.meijin.state.moves[arguments[0]].usi", before)).isEqualTo(usi);
    }

    /** Clicks a move or drop on the board (and the promotion choice, if one is asked). */
    private void clickMove(String usi) {
        String dest = usi.substring(2, 4);
        if (usi.charAt(1) == '*') {
            browser.clickHand(you(), usi.substring(0, 1));
        } else {
            browser.clickSquare(usi.substring(0, 2));
        }
        assertThat(browser.all(".mj-dests [data-dest='" + dest + "']")).as("destination %s of %s is shown", dest, usi).isNotEmpty();
        browser.clickSquare(dest);
        if (!browser.all(".mj-promotion-choice").isEmpty()) {
            browser.click(".mj-promotion-choice[data-promote='" + usi.endsWith("+") + "']");
        }
    }

    /** Chooses a move ahead by clicks while the opponent is to move, and waits until its squares are marked. */
    void premove(String usi) {
        browser.await("the opponent's turn", d -> Boolean.TRUE.equals(browser.script(
                "const s = window.meijin && window.meijin.state; return !!s && s.status === 'playing' && s.turn !== s.you")));
        clickMove(usi);
        browser.await("the premove marked", d -> browser.all(".mj-sq.premove").size() == (usi.charAt(1) == '*' ? 1 : 2));
    }

    String lastMoveUsi() {
        return (String) browser.script("const m = window.meijin.state.moves; return m.length ? m[m.length - 1].usi : null");
    }

    // Read in one script each: the page redraws its panels and pieces whenever a message arrives, which would
    // leave element references stale between finding and reading them.

    /** The texts of the move list, without ply numbers and times. */
    @SuppressWarnings("unchecked")
    List<String> moveTexts() {
        return (List<String>) browser.script("return [...document.querySelectorAll('#moves li[data-ply] .text')].map(e => e.textContent)");
    }

    /** The role letter of the piece drawn on a square ("+R", "K"), or null for an empty square. */
    String pieceOn(String square) {
        return (String) browser.script("const p = document.querySelector(`[data-piece-square='${arguments[0]}'] .piece`);"
                + " return p ? p.getAttribute('data-role') : null", square);
    }

    /** The colour of the piece drawn on a square, or null. */
    String colorOn(String square) {
        return (String) browser.script("const p = document.querySelector(`[data-piece-square='${arguments[0]}'] .piece`);"
                + " return !p ? null : p.classList.contains('sente') ? 'sente' : p.classList.contains('gote') ? 'gote' : null", square);
    }

    /** The text on the piece on a square (the king shows 王 or 玉). */
    String kanjiOn(String square) {
        return browser.text("[data-piece-square='" + square + "'] .piece-text");
    }

    /** Waits for the game's end and returns the reason the page shows it with. */
    String awaitEnd() {
        browser.await("the end of the game", d -> {
            Object o = browser.script("return window.meijin.state.outcome");
            return o != null;
        });
        return browser.attribute("#status", "data-reason");
    }

    String statusText() {
        return browser.text("#status");
    }

    @Override
    public void close() {
        browser.close();
    }
}
