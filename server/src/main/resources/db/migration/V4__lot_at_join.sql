-- Whether a draw by lot decides the sides of a handicap game (its creator chose no side): who gives the handicap
-- (上手, gote) and who receives it (下手, sente). As furigoma does in an even game (V3), the lot is drawn when the
-- second player takes the seat: until then the creator waits in sente's place (`creator` SENTE, the creator's name
-- and secret in the sente columns, the gote seat free); the join stores the seats as the draw gives them.
-- Games stored before were drawn when they were created: their sides are settled.
alter table games add column by_lot boolean default false not null;
