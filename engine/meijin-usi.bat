@echo off
rem Starts the Meijin USI engine; register this file in a shogi GUI.
java -jar "%~dp0..\cli\target\meijin-cli.jar" usi
