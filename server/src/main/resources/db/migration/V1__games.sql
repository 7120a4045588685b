-- Games and their moves. Times are milliseconds; instants are epoch milliseconds.
create table games (
    id              varchar(16)  not null primary key,
    status          varchar(16)  not null,
    created_at      bigint       not null,
    updated_at      bigint       not null,
    handicap        varchar(32)  not null,
    rules           varchar(16)  not null,
    main_ms         bigint,
    byoyomi_ms      bigint,
    periods         integer,
    increment_ms    bigint,
    sente_name      varchar(64),
    gote_name       varchar(64),
    sente_kind      varchar(8)   not null,
    gote_kind       varchar(8)   not null,
    engine_level    integer,
    sente_secret    varchar(64),
    gote_secret     varchar(64),
    creator         varchar(5)   not null,
    furigoma        varchar(5),
    in_lobby        boolean      not null,
    ply             integer      not null,
    winner          varchar(5),
    reason          varchar(24),
    detail          varchar(200),
    ended_at        bigint
);

create index games_status_created on games (status, created_at);

create table moves (
    game_id         varchar(16)  not null references games (id),
    ply             integer      not null,
    usi             varchar(8)   not null,
    time_ms         bigint,
    played_at       bigint       not null,
    sente_main_ms   bigint       not null,
    sente_periods   integer      not null,
    gote_main_ms    bigint       not null,
    gote_periods    integer      not null,
    primary key (game_id, ply)
);
