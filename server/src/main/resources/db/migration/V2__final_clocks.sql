-- Both clocks as they stood when a game ended, as its end event read them: main time left, time left in the
-- current byoyomi period, byoyomi periods left (0 for a side that lost on time). Null for an untimed game, one
-- not over, and one that ended before these columns existed (its clocks are then those after its last move).
alter table games add column sente_final_main_ms bigint;
alter table games add column sente_final_byoyomi_ms bigint;
alter table games add column sente_final_periods integer;
alter table games add column gote_final_main_ms bigint;
alter table games add column gote_final_byoyomi_ms bigint;
alter table games add column gote_final_periods integer;
