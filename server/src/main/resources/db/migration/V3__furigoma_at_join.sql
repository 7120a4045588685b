-- Whether furigoma decides the sides of an even game (its creator chose no side). The pieces are tossed when the
-- second player takes the seat: until then `furigoma` is null and the creator waits in sente's place (`creator`
-- SENTE, the creator's name and secret in the sente columns); the join stores the seats as the toss gives them.
-- Games stored before were tossed when they were created: those with a toss.
alter table games add column by_furigoma boolean default false not null;
update games set by_furigoma = true where furigoma is not null;
