/** The lobby: seeks (waiting games posted for anyone to join) and the sockets watching them. Depends on the round package's views. */
package dev.meijin.server.lobby;
