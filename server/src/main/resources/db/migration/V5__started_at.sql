-- When a game began: when both players were seated (the second player's join; at once against the engine and in
-- a rematch), the start that records date (KIF 開始日時, CSA $START_TIME). Null while the game waits for its second
-- player, and for the games stored before this column, whose records fall back to created_at.
alter table games add column started_at bigint;
