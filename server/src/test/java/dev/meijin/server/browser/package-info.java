/**
 * Browser end-to-end tests: the web client in headless Chromium through Selenium, against the real server app
 * on a free port with a temporary database (or, for the board component alone, its static demo page). They
 * take screenshots at desktop and phone sizes into {@code server/target/screenshots/}, and are skipped with a
 * message when Chromium is not installed.
 */
package dev.meijin.server.browser;
