// Every string of the interface, in Japanese and English, in one table. `t(key, params)` looks a string up
// in the chosen language; `{name}` placeholders are filled from params.

const STRINGS = {
  appName: ['名人', 'Meijin'],
  language: ['English', '日本語'],
  lobby: ['ロビー', 'Lobby'],
  yourName: ['名前', 'Your name'],
  newGame: ['対局を作る', 'New game'],
  opponent: ['相手', 'Opponent'],
  vsPerson: ['人と対局', 'A person'],
  vsEngine: ['コンピュータ', 'The computer'],
  engineLevel: ['強さ', 'Level'],
  level: ['レベル{n}', 'Level {n}'],
  timeControl: ['持ち時間', 'Time control'],
  tcKind: ['時間方式', 'Time control'],
  tcByoyomi: ['秒読み', 'Byoyomi'],
  tcFischer: ['フィッシャー', 'Increment'],
  tcSuddenDeath: ['切れ負け', 'Sudden death'],
  tcUnlimited: ['時間無制限', 'Unlimited'],
  mainMinutes: ['持ち時間（分）', 'Main time (min)'],
  byoyomiSeconds: ['秒読み（秒）', 'Byoyomi (s)'],
  periods: ['回数', 'Periods'],
  incrementSeconds: ['加算（秒）', 'Increment (s)'],
  formWholeNumber: ['{field}には整数を入力してください', '{field}: enter a whole number'],
  formRange: ['{field}は{min}〜{max}の範囲で入力してください', '{field} must be from {min} to {max}'],
  formNeedsMainTime: ['{kind}では持ち時間を1分以上にしてください', '{kind} needs a main time of at least 1 minute'],
  handicap: ['手合割', 'Handicap'],
  side: ['手番', 'Side'],
  sideFurigoma: ['振り駒', 'Furigoma (toss)'],
  sideSente: ['先手', 'Sente (first)'],
  sideGote: ['後手', 'Gote (second)'],
  sideShitate: ['下手（駒を落とされる側）', 'Receiver (shitate)'],
  sideUwate: ['上手（駒を落とす側）', 'Giver (uwate)'],
  sideLot: ['抽選（上手か下手）', 'By lot (giver or receiver)'],
  rules: ['ルール', 'Rules'],
  takebacks: ['待ったを認める', 'Allow takebacks'],
  create: ['作成', 'Create'],
  seeks: ['対局待ち', 'Open seeks'],
  postSeek: ['対局待ちに掲示する', 'List as an open seek'],
  noSeeks: ['対局待ちはありません', 'Nobody is waiting'],
  accept: ['受ける', 'Accept'],
  seekYouPlay: ['受けると', 'You play'],
  seekSente: ['先手', 'Sente (first)'],
  seekGote: ['後手', 'Gote (second)'],
  seekFurigoma: ['振り駒', 'Furigoma'],
  seekUwate: ['上手（先に指す）', 'Giver (uwate), first'],
  seekShitate: ['下手（後に指す）', 'Receiver (shitate), second'],
  seekLot: ['抽選で上手か下手', 'Giver or receiver, by lot'],
  cancel: ['取り消す', 'Cancel'],
  liveGames: ['対局中', 'Games being played'],
  noLiveGames: ['対局中の対局はありません', 'No games are being played'],
  myGames: ['自分の対局', 'My games'],
  playerGames: ['{name}の対局', 'Games of {name}'],
  noGames: ['対局はありません', 'No games yet'],
  watch: ['観戦', 'Watch'],
  statusPlaying: ['対局中', 'Playing'],
  statusWaiting: ['相手待ち', 'Waiting'],
  open: ['開く', 'Open'],
  players: ['対局者', 'Players'],
  moves: ['手数', 'Moves'],
  result: ['結果', 'Result'],
  date: ['日時', 'Date'],
  waitingOpponent: ['相手を待っています', 'Waiting for an opponent'],
  waitingSecondPlayer: ['二人目の対局者を待っています', 'Waiting for a second player'],
  shareLink: ['このリンクを相手に送ってください：', 'Send this link to your opponent:'],
  copyLink: ['リンクをコピー', 'Copy link'],
  copied: ['コピーしました', 'Copied'],
  sente: ['先手', 'Sente'],
  gote: ['後手', 'Gote'],
  shitate: ['下手', 'Shitate'],
  uwate: ['上手', 'Uwate'],
  engineName: ['名人 レベル{n}', 'Meijin level {n}'],
  anonymous: ['名無し', 'Anonymous'],
  openSeat: ['空席', 'Open seat'],
  yourTurn: ['あなたの手番です', 'Your move'],
  theirTurn: ['相手の手番です', 'Waiting for your opponent'],
  premoveChosen: ['先の手を選択済み（盤をクリックで取り消し）', 'move chosen ahead (click the board to take it back)'],
  spectating: ['観戦中', 'Watching'],
  toMove: ['{side}の手番', '{side} to move'],
  connecting: ['接続中…', 'Connecting…'],
  reconnecting: ['接続が切れました。再接続中…', 'Connection lost, reconnecting…'],
  opponentGone: ['相手の接続が切れています', 'Your opponent is disconnected'],
  claimWin: ['勝ちを主張する', 'Claim the win'],
  resign: ['投了', 'Resign'],
  confirmResign: ['本当に投了しますか？', 'Really resign?'],
  yes: ['はい', 'Yes'],
  no: ['いいえ', 'No'],
  declare: ['入玉宣言', 'Declare impasse'],
  confirmDeclare: ['入玉宣言をしますか？条件を満たしていないと負けになります。', 'Declare? An invalid declaration loses the game.'],
  impassePoints: ['点数', 'Points'],
  kingInZone: ['玉が敵陣', 'King in zone'],
  piecesInZone: ['敵陣の駒', 'Pieces in zone'],
  takeback: ['待った', 'Takeback'],
  offerTakeback: ['待ったを申し込む', 'Ask for a takeback'],
  takebackOffered: ['待ったを申し込みました', 'Takeback requested'],
  takebackRequest: ['相手が待ったを申し込んでいます', 'Your opponent asks for a takeback'],
  allow: ['認める', 'Allow'],
  decline: ['断る', 'Decline'],
  offerImpasse: ['持将棋を提案', 'Propose an impasse (持将棋)'],
  impasseOffered: ['持将棋を提案しました', 'Impasse proposed'],
  impasseRequest: ['相手が持将棋を提案しています', 'Your opponent proposes an impasse (持将棋)'],
  rematch: ['再戦', 'Rematch'],
  rematchOffered: ['再戦を申し込みました', 'Rematch offered'],
  rematchRequest: ['相手が再戦を申し込んでいます', 'Your opponent offers a rematch'],
  rematchDeclined: ['再戦は断られました', 'The rematch was declined'],
  watchRematch: ['再戦を観戦する', 'Watch the rematch'],
  abort: ['中止', 'Abort'],
  flip: ['盤を反転', 'Flip board'],
  notation: ['表記', 'Notation'],
  notationJapanese: ['日本式', 'Japanese'],
  notationWestern: ['西洋式', 'Western'],
  sound: ['音', 'Sound'],
  soundBeep: ['ビープ', 'Beep'],
  soundVoice: ['音声', 'Voice'],
  soundOff: ['消音', 'Muted'],
  download: ['棋譜を保存', 'Download record'],
  replay: ['再生', 'Replay'],
  first: ['最初', 'First'],
  prev: ['前', 'Back'],
  next: ['次', 'Forward'],
  last: ['最後', 'Last'],
  startPosition: ['開始局面', 'Start'],
  viewingMove: ['{n}手目の局面を表示中（»で現局面）', 'showing move {n} (» for the game)'],
  noMoves: ['まだ指されていません', 'No moves yet'],
  gameOver: ['終局', 'Game over'],
  winsBy: ['{side}の勝ち（{reason}）', '{side} wins by {reason}'],
  drawBy: ['引き分け（{reason}）', 'Draw by {reason}'],
  wonBy: ['勝ち（{reason}）', 'Won by {reason}'],
  lostBy: ['負け（{reason}）', 'Lost by {reason}'],
  aborted: ['対局は中止されました', 'The game was aborted'],
  analysis: ['形勢グラフ', 'Evaluation graph'],
  analysing: ['解析中…', 'Analysing…'],
  furigoma: ['振り駒', 'Furigoma'],
  furigomaResult: ['歩が{n}枚：{name}さんの先手', '{n} pawns face up: {name} moves first'],
  furigomaPending: ['対局者が揃ったら駒を振って先手を決めます', 'The pawns are tossed to decide who moves first once both players are seated'],
  lot: ['抽選', 'Draw by lot'],
  lotResult: ['抽選：{name}さんが上手（先に指す）', 'Drawn by lot: {name} gives the handicap and moves first'],
  lotPending: ['対局者が揃ったら抽選で上手と下手を決めます', 'Who gives the handicap is drawn by lot once both players are seated'],
  byoyomiShort: ['秒読み {s}秒', 'byoyomi {s}s'],
  periodsLeft: ['×{n}', '×{n}'],
  incrementShort: ['+{s}秒', '+{s}s'],
  unlimitedShort: ['無制限', 'unlimited'],
  error: ['エラー：{message}', 'Error: {message}'],
  errorDetail: ['{error}：{detail}', '{error}: {detail}'],
  errorProblem: ['{error}。{detail}', '{error}: {detail}'],
  'errors.network': ['サーバーに接続できません', 'The server cannot be reached'],
  'errors.bad_field': ['入力に誤りがあります', 'The input is not valid'],
  'errors.too_large': ['送った内容が大きすぎます', 'What was sent is too large'],
  'errors.rate_limited': ['送信が多すぎます。数秒待ってからやり直してください', 'Too much sent from your address; wait a few seconds and try again'],
  'errors.unknown_game': ['対局が見つかりません', 'Game not found'],
  'errors.unknown_problem': ['この問題は問題集にありません。', 'This problem is not in the collection.'],
  'errors.unknown_analysis': ['この解析は見つかりません（サーバーは最近の解析だけを覚えています）。棋譜をもう一度貼り付けてください。', 'This analysis is not found (the server keeps recent ones only). Paste the record again.'],
  'errors.not_a_player': ['対局者だけができる操作です', 'Only the players of this game can do that'],
  'errors.seat_taken': ['この対局の席はもう埋まっています', 'Both seats of this game are taken'],
  'errors.not_started': ['対局はまだ始まっていません', 'The game has not started yet'],
  'errors.game_over': ['対局は終わっています', 'The game is over'],
  'errors.not_your_turn': ['相手の手番です', 'It is not your turn'],
  'errors.stale_ply': ['局面が変わっていたため、その手は指されませんでした', 'The position had changed, so the move was not played'],
  'errors.illegal_move': ['その手は指せません', 'That move is not allowed'],
  'errors.not_allowed': ['今はその操作はできません', 'That cannot be done now'],
  'errors.no_offer': ['その申し込みはもうありません', 'That offer is no longer open'],
  'errors.cannot_claim': ['まだ勝ちを主張できません', 'The win cannot be claimed yet'],
  'errors.engine_unavailable': ['このサーバーではコンピュータを使えません', 'The computer is not available on this server'],
  'errors.solver_busy': ['ほかの問題を解いています。少し待ってからやり直してください', 'The solver is busy with other problems; try again in a moment'],
  'errors.engine_busy': ['コンピュータがほかの棋譜を解析しています。1分ほど待ってからやり直してください', 'The computer is analysing other records; try again in a minute'],
  'errors.internal': ['サーバーで問題が起きました。もう一度やり直してください', 'Something went wrong on the server; please try again'],
  // What is wrong with a pasted record (docs/PROTOCOL.md, `problem`): one sentence per Problem.Kind of the notation
  // layer; {quote} is the quoted input (「…」) or nothing, and the place (行目, 文字目, 手目) goes before it.
  problemLine: ['{n}行目', 'line {n}'],
  problemColumn: ['{n}文字目', 'column {n}'],
  problemPly: ['{n}手目', 'move {n}'],
  problemAt: ['{at}：{what}', '{at}: {what}'],
  problemRule: ['{what}。{rule}', '{what}: {rule}'],
  problemQuote: ['「{text}」', ' "{text}"'],
  problemReadOn: ['{what}（その後の指し手は読みました）', '{what} (the moves after it are read)'],
  'problem.TEXT_TOO_LONG': ['棋譜が長すぎるため、初めの部分だけを読みました', 'the text is too long; only its beginning was read'],
  'problem.LINE_TOO_LONG': ['長すぎる行を読み飛ばしました', 'a line too long to read was skipped'],
  'problem.TOO_MANY_MOVES': ['指し手が多すぎます', 'there are too many moves'],
  'problem.TOO_MANY_PROBLEMS': ['ほかにも多くの誤りがあります', 'there are many more problems'],
  'problem.NO_RECORD': ['棋譜が見つかりません', 'there is no record in the text'],
  'problem.WRONG_FORMAT': ['この形式の棋譜はまだ読めません', 'records in this format cannot be read yet'],
  'problem.BAD_JSON': ['JSONとして読めません', 'the text is not valid JSON'],
  'problem.BAD_ENCODING': ['文字コードが正しくないところがあります（文字化け）', 'some bytes are not valid in the character encoding'],
  'problem.CANNOT_ENCODE': ['文字{quote}はこの文字コードで書けません', 'the character{quote} cannot be written in this encoding'],
  'problem.UNKNOWN_LINE': ['この行{quote}は読めません', 'the line{quote} cannot be read'],
  'problem.UNEXPECTED_TEXT': ['余分な文字{quote}があります', 'there is unexpected text{quote}'],
  'problem.BAD_HEADER': ['棋譜情報の行{quote}が読めません', 'the header line{quote} cannot be read'],
  'problem.UNKNOWN_HANDICAP': ['手合割{quote}がわかりません', 'the handicap{quote} is not known'],
  'problem.BAD_BOARD': ['盤面の指定が正しくありません', 'the board is not given correctly'],
  'problem.BAD_BOARD_ROW': ['盤面の行{quote}が読めません', 'the board row{quote} cannot be read'],
  'problem.BAD_SQUARE': ['升目{quote}が正しくありません', 'the square{quote} is not valid'],
  'problem.BAD_PIECE': ['駒{quote}がわかりません', 'the piece{quote} is not known'],
  'problem.BAD_HAND': ['持駒{quote}が正しくありません', 'the pieces in hand{quote} are not valid'],
  'problem.SIDE_TO_MOVE': ['手番の指定が正しくありません', 'the side to move is missing or given twice'],
  'problem.BAD_SFEN': ['SFEN{quote}が読めません', 'the SFEN{quote} cannot be read'],
  'problem.ILLEGAL_START': ['開始局面が反則です', 'the start position is not legal'],
  'problem.EXTRA_POSITION': ['局面は一つだけ読みます。この行は読みません', 'only one position is read; this line is ignored'],
  'problem.MOVE_NUMBER': ['手数{quote}が正しくありません', 'the move number{quote} is not the one expected'],
  'problem.MISSING_MOVE': ['指し手が書かれていません', 'the move is missing'],
  'problem.UNREADABLE_MOVE': ['指し手{quote}が読めません', 'the move{quote} cannot be read'],
  'problem.AMBIGUOUS_MOVE': ['指し手{quote}ではどの駒を動かすのかわかりません（右・左・直などが必要です）', 'the move{quote} does not say which piece moves'],
  'problem.ILLEGAL_MOVE': ['指し手{quote}は指せません', 'the move{quote} is illegal'],
  'problem.MOVE_AFTER_END': ['終局の後に指し手{quote}があります', 'there is a move{quote} after the game ended'],
  'problem.BAD_TIME': ['消費時間{quote}が正しくありません', 'the time{quote} is not valid'],
  'problem.BAD_VARIATION': ['変化{quote}が正しくありません', 'the variation{quote} is not valid'],
  'problem.BAD_ENDING': ['終局の書き方{quote}が読めません', 'the ending{quote} cannot be read'],
  'problem.ENDING_MISMATCH': ['記録された終局が指し手と合いません', 'the recorded ending does not agree with the moves'],
  'problem.BAD_FIELD': ['JKFの項目{quote}が正しくありません', 'the JKF member{quote} is not valid'],
  'problem.UNKNOWN_FIELD': ['JKFにない項目{quote}があります', 'the JKF member{quote} is not known'],
  'problem.CANNOT_WRITE': ['この形式では書き出せません', 'the record cannot be written in this format'],
  // The rule a start position breaks (a problem's `rule` with ILLEGAL_START: core PositionIssue).
  'positionIssue.NO_KING': ['玉がありません', 'a king is missing'],
  'positionIssue.TOO_MANY_KINGS': ['玉が多すぎます', 'there are too many kings'],
  'positionIssue.TOO_MANY_PIECES': ['駒の数が多すぎます', 'there are more pieces than a set has'],
  'positionIssue.NIFU': ['二歩があります', 'a file holds two pawns of one side (nifu)'],
  'positionIssue.DEAD_PIECE': ['行き所のない駒があります', 'a piece stands where it could never move'],
  'positionIssue.OPPONENT_IN_CHECK': ['手番でない側の玉に王手がかかっています', 'the side not to move is in check'],
  'illegalMove.MALFORMED': ['指し手として読めません', 'it is not written as a move'],
  'illegalMove.NO_SUCH_PIECE': ['動かす駒がありません', 'there is no piece to move'],
  'illegalMove.NOT_YOUR_PIECE': ['相手の駒は動かせません', 'the piece belongs to your opponent'],
  'illegalMove.OWN_PIECE_ON_TARGET': ['自分の駒がある升には動けません', 'one of your own pieces stands there'],
  'illegalMove.CANNOT_REACH': ['その駒はそこへ動けません', 'the piece cannot move there'],
  'illegalMove.MUST_PROMOTE': ['その升では成らなければなりません', 'the piece must promote there'],
  'illegalMove.CANNOT_PROMOTE': ['その駒はこの手では成れません', 'the piece cannot promote on this move'],
  'illegalMove.NOT_IN_HAND': ['その駒を持っていません', 'that piece is not in your hand'],
  'illegalMove.DROP_ON_OCCUPIED': ['駒のある升には打てません', 'the square is occupied'],
  'illegalMove.DEAD_DROP': ['行き所のない駒は打てません', 'a piece may not be dropped where it could never move'],
  'illegalMove.NIFU': ['二歩（その筋にはもう歩があります）', 'nifu (the file already holds one of your pawns)'],
  'illegalMove.UCHIFUZUME': ['打ち歩詰め（歩を打って詰ますことはできません）', 'uchifuzume (a pawn drop may not give checkmate)'],
  'illegalMove.KING_LEFT_IN_CHECK': ['玉に王手がかかったままになります', 'it leaves your king in check'],
  back: ['ロビーへ', 'To the lobby'],
  tsume: ['詰将棋', 'Mate problems'],
  tsumeNav: ['詰将棋', 'Tsume'],
  findMate: ['この局面の詰みを調べる', 'Look for a mate in this position'],
  tsumeIntro: ['SFENか棋譜（KIF・KI2・CSA・JKF）を貼り付けてください。棋譜なら開始局面が問題です。手番の側が攻方です。', 'Paste an SFEN or a game record (KIF, KI2, CSA, JKF), whose start position is then the problem. The side to move attacks.'],
  problem: ['問題', 'Problem'],
  problemPlaceholder: ['SFEN（例：7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1）またはKIF・KI2・CSA・JKFの棋譜', 'An SFEN (e.g. 7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1) or a KIF, KI2, CSA or JKF record'],
  timeLimit: ['制限時間', 'Time limit'],
  secondsShort: ['{s}秒', '{s} s'],
  moveSeconds: ['{s}秒', '{s}s'],
  solve: ['解く', 'Solve'],
  solving: ['解いています…（最大{s}秒）', 'Solving… (up to {s} s)'],
  solverWaiting: ['順番待ち…コンピュータとの対局の指し手が先です（{s}秒の制限時間は解いている間だけ数えます）', 'Waiting for a free turn… moves of games against the computer come first (the {s} s limit counts only the time spent solving)'],
  saveKif: ['問題と解答をKIFで保存', 'Save the problem and its solution as KIF'],
  checkLabel: ['余詰検討', 'Check for cooks'],
  checkHint: ['作品として検討します：正解手順の各攻方の手について、他に詰む手（余詰）がないか調べます（同じ制限時間内）', 'Judge the problem as a composition: at each attacker move of the solution, look for another move that also mates (a cook), within the same time limit'],
  solverJudging: ['余詰を検討しています…（最大{s}秒）', 'Looking for cooks… (up to {s} s)'],
  soundnessTitle: ['余詰検討', 'As a composition'],
  verdictSound: ['完全作：余詰なし、駒余りなし。', 'Sound: the solution is unique and leaves no piece in hand.'],
  verdictCooked: ['不完全作：余詰があります。', 'Not sound: it has cooks (余詰), other moves that mate as well.'],
  verdictLeftover: ['不完全作：駒が{n}枚余ります。', 'Not sound: {n} piece(s) left in hand at the end.'],
  verdictUndetermined: ['時間内に検討しきれませんでした。余詰を見落としている可能性があります。', 'Not settled within the limit: a cook may have been missed.'],
  cookAt: ['{ply}手目 {move} でも{n}手で詰み（余詰）', 'Move {ply}: {move} mates in {n} as well (a cook)'],
  lastMoveAlternative: ['最終手 {move} でも詰み（最終手余詰、許容範囲）', 'Last move: {move} mates as well (tolerated at the last move)'],
  soundnessIncomplete: ['時間内に調べきれなかった手があります。他にも余詰があるかもしれません。', 'Some moves could not be settled within the limit: there may be more cooks.'],
  example: ['例題', 'Example'],
  enterProblem: ['問題を入力してください', 'Enter a problem first'],
  mateIn: ['{n}手詰', 'Mate in {n}'],
  leftover: ['駒余り（持駒が{n}枚残ります）', 'Pieces left over (駒余り): {n} in hand at the end'],
  notExact: ['手順は厳密には読み切れていません。最短の詰み・最長の応手とは限りません。', 'The line was not read exactly: it may not be the shortest mate against the longest defence.'],
  noMate: ['詰みなし', 'No mate'],
  noMateProven: ['詰まないことが証明されました。', 'Proven: there is no mate.'],
  unsolved: ['時間内に解けず', 'Not solved within the limit'],
  unsolvedReason: ['理由：{reason}', 'Reason: {reason}'],
  unsolvedHint: ['制限時間を延ばすと解けることがあります。', 'A longer time limit may settle it.'],
  busyHint: ['しばらくしてからもう一度お試しください。', 'Try again in a while.'],
  searchStats: ['{nodes}局面・{ms}ミリ秒', '{nodes} nodes, {ms} ms'],
  attacker: ['攻方', 'Attacker'],
  defender: ['玉方', 'Defender'],
  problemPosition: ['問題図', 'The problem'],
  afterMove: ['{n}手目の局面', 'After move {n}'],
  tryIt: ['自分で解く', 'Solve it yourself'],
  trialTitle: ['詰将棋に挑戦', 'Your turn to solve it'],
  trialLoading: ['問題を読み込んでいます…', 'Reading the problem…'],
  trialYourMove: ['攻方の手を盤上で指してください。毎手王手をかけて玉を詰ませます。', 'Play the attacker\'s move on the board: every move gives check, until the king is mated.'],
  trialGood: ['正解です。', 'Correct.'],
  trialNext: ['正解です。玉方が応じました。次の手をどうぞ。', 'Correct. The defender has replied: your next move.'],
  trialNotCheck: ['王手ではありません。詰将棋では攻方は毎手王手をかけます。', 'That is no check: in a mate problem every move of the attacker gives check.'],
  trialWrong: ['正解手順の手ではありません。もう一度考えてみましょう。', 'That is not the solution\'s move. Think again.'],
  trialCook: ['その手でも{n}手で詰みます（余詰）が、作意とは別の手です。作意の手を探してみましょう。', 'That mates in {n} as well (a cook, 余詰), but the solution plays another move. Look for it.'],
  trialJudging: ['解答と照らし合わせています…', 'Checking the move against the solution…'],
  trialSolved: ['正解！ 詰みました。', 'Solved! The king is mated.'],
  trialSolvedFutile: ['正解！ 以下は無駄合で詰みです。', 'Solved! Only futile interpositions (無駄合) are left, and they do not count.'],
  trialCannotJudge: ['ソルバーが詰みを見つけられなかったため、手を判定できません。', 'The solver found no mate, so there is nothing to judge the moves by.'],
  trialInexact: ['この問題の手順は厳密には読み切れていないため、判定は目安です。', 'The solver could not read this problem\'s line exactly, so its judging is only a guide.'],
  trialHint: ['ヒント', 'Hint'],
  trialHintMove: ['ヒント：印を付けた駒を動かします。', 'Hint: the marked piece moves.'],
  trialHintDrop: ['ヒント：印を付けた持駒を打ちます。', 'Hint: the marked piece in hand is dropped.'],
  trialHints: ['ヒント {n}回', 'Hints: {n}'],
  trialMisses: ['誤答 {n}回', 'Wrong tries: {n}'],
  trialBack: ['一手戻る', 'Take back'],
  trialRestart: ['最初から', 'Start over'],
  collection: ['問題集', 'Problems'],
  fromCollection: ['問題集の{id}（コンピュータ生成、tanuki-tsume-shogi）', 'Problem {id} of the collection (computer-generated, tanuki-tsume-shogi)'],
  nextProblem: ['次の問題', 'Next problem'],
  otherProblem: ['別の問題', 'Another problem'],
  trialShowAnswer: ['答えを見る', 'Show the answer'],
  kifu: ['棋譜解析', 'Record analysis'],
  kifuNav: ['棋譜解析', 'Analysis'],
  kifuIntro: ['棋譜（KIF・KI2・CSA・JKF）か、USI・SFENの指し手を貼り付けてください。本譜の全局面をコンピュータが解析します。', 'Paste a game record (KIF, KI2, CSA, JKF) or moves in USI or SFEN. The computer analyses every position of the main line.'],
  record: ['棋譜', 'Record'],
  recordPlaceholder: ['KIF・KI2・CSA・JKFの棋譜、または position startpos moves 7g7f 3c3d …', 'A KIF, KI2, CSA or JKF record, or position startpos moves 7g7f 3c3d …'],
  recordPlaceholderNext: ['次の棋譜…', 'Another record…'],
  analyse: ['解析する', 'Analyse'],
  reading: ['棋譜を読み込んでいます…', 'Reading the record…'],
  enterRecord: ['棋譜を貼り付けてください', 'Paste a record first'],
  analysisProgress: ['解析中… {done}/{total}局面', 'Analysing… {done} of {total} positions'],
  analysisDone: ['解析済み（1局面{nodes}ノード）', 'Analysed ({nodes} nodes a position)'],
  recordWarning: ['棋譜の途中に読めないところがあるため、{n}手目までを解析します。{message}', 'Part of the record could not be read, so its first {n} moves are analysed. {message}'],
  movesCount: ['{n}手', '{n} moves'],
  evalPending: ['解析待ち', 'Not analysed yet'],
  evalScore: ['評価値 {score}（＋は{side}有利）', 'Evaluation {score} (+ favours {side})'],
  evalAhead: ['{side}有利', '{side} ahead'],
  evalMate: ['{side}の勝ち（{n}手で詰み）', '{side} mates in {n}'],
  evalCheckmate: ['詰み', 'Checkmate'],
  evalNone: ['評価なし（指せる手がありません）', 'No evaluation: no move to play'],
  bestMove: ['最善手 {move}', 'Best move {move}'],
  'mateReason.time_limit': ['制限時間', 'the time limit'],
  'mateReason.node_limit': ['探索局面数の上限', 'the node limit'],
  'mateReason.depth_limit': ['手数の上限（2000手より長い詰みは否定できません）', 'the depth limit (a mate longer than 2,000 plies is not ruled out)'],
  'mateReason.exhausted': ['探索の限界（証明数があふれたか、手順を読み出せませんでした）', 'the search ran out (its numbers overflowed or no line could be read)'],
  'mateReason.stopped': ['中断されました', 'stopped'],
  'mateReason.busy': ['サーバーが混み合っていました（コンピュータとの対局が優先され、解く時間が取れませんでした）', 'the server was busy (games against the computer came first, and the problem did not get its time)'],
  declarationFailed: ['反則・入玉宣言の不成立：{why}', 'illegal move (failed impasse declaration: {why})'],
  'declarationFailure.KING_NOT_ENTERED': ['玉が敵陣に入っていません', 'the king has not entered the enemy camp'],
  'declarationFailure.TOO_FEW_PIECES_IN_CAMP': ['敵陣の駒が玉のほかに{have}枚、{needed}枚必要', 'only {have} pieces besides the king in the enemy camp, {needed} needed'],
  'declarationFailure.IN_CHECK': ['王手がかかっています', 'the king is in check'],
  'declarationFailure.TOO_FEW_POINTS': ['{have}点、{needed}点必要', '{have} points, {needed} needed'],
  qualitySummary: ['{side}：疑問手 {inaccuracy}、悪手 {mistake}、大悪手 {blunder}', '{side}: inaccuracies {inaccuracy}, mistakes {mistake}, blunders {blunder}'],
  'quality.INACCURACY': ['疑問手', 'Inaccuracy'],
  'quality.MISTAKE': ['悪手', 'Mistake'],
  'quality.BLUNDER': ['大悪手', 'Blunder'],
  'reason.CHECKMATE': ['詰み', 'checkmate'],
  'reason.NO_LEGAL_MOVES': ['詰み', 'no legal moves'],
  'reason.RESIGNATION': ['投了', 'resignation'],
  'reason.TIME_LOSS': ['時間切れ', 'time'],
  'reason.ILLEGAL_MOVE': ['反則', 'illegal move'],
  'reason.REPETITION': ['千日手', 'repetition (sennichite)'],
  'reason.PERPETUAL_CHECK': ['連続王手の千日手', 'perpetual check'],
  'reason.DECLARATION': ['入玉宣言', 'impasse declaration'],
  'reason.IMPASSE': ['持将棋', 'impasse (jishōgi)'],
  'reason.TRY': ['トライ', 'try'],
  'reason.MOVE_LIMIT': ['最大手数', 'move limit'],
  'reason.ABORTED': ['中止', 'abort'],
  'reason.FORFEIT': ['不戦勝', 'forfeit'],
};

const STORAGE_KEY = 'meijin.lang';
let lang = localStorage.getItem(STORAGE_KEY) || ((navigator.language || 'ja').startsWith('ja') ? 'ja' : 'en');

/** The interface language: 'ja' or 'en'. */
export function language() {
  return lang;
}

/** Switches the interface language and remembers it. */
export function setLanguage(value) {
  lang = value === 'en' ? 'en' : 'ja';
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

/**
 * The string for a key in the current language, with `{name}` placeholders filled in. An unknown key is
 * returned as it is, so a missing translation shows up plainly instead of breaking the page.
 */
export function t(key, params = {}) {
  const entry = STRINGS[key];
  const text = entry ? entry[lang === 'en' ? 1 : 0] : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * The name the server stores for a player who gives none (docs/PROTOCOL.md, CreateGame), the same in every
 * language; the pages show it in the interface language.
 */
export const ANONYMOUS = 'Anonymous';

/** Whether a player's name is that default, in either language (名無し was stored by older pages in Japanese). */
export function isAnonymous(name) {
  return name === ANONYMOUS || STRINGS.anonymous.includes(name);
}

/** A player's name as shown: the default name in the interface language, any other name as it is. */
export function shownName(name) {
  return isAnonymous(name) ? t('anonymous') : name;
}

/** Codes whose server message says what exactly is wrong (the line and column of a pasted record, a field's range). */
const DETAILED = new Set(['bad_field', 'too_large']);

/**
 * What a page shows for an error of the server: an `ApiError` or the game socket's `error` message
 * (docs/PROTOCOL.md), both with `code` and `message`. Each code a person can meet has a sentence in the table
 * (`errors.<code>`). Where the server's message says what exactly is wrong (the line of a pasted record) it
 * follows the sentence, and an illegal move is followed by the rule it breaks (`reason`; the message when the
 * table has no text for it). Any other code, such as that of a request the pages never make, shows the server's
 * message as it is.
 */
export function errorText({ code, message, reason, problem }) {
  const key = `errors.${code}`;
  if (!hasString(key)) return t('error', { message });
  let detail = DETAILED.has(code) ? message : null;
  if (code === 'illegal_move') detail = hasString(`illegalMove.${reason}`) ? t(`illegalMove.${reason}`) : message;
  if (problem) return t('errorProblem', { error: t(key), detail: problemText(problem, message) });
  return detail ? t('errorDetail', { error: t(key), detail }) : t(key);
}

/**
 * What is wrong with a pasted record, from the server's structured `problem` (docs/PROTOCOL.md): on the Japanese
 * page a sentence written from its kind (`problem.<KIND>`) with the input it quotes, the rule it breaks and its
 * place (「12行目 3文字目 5手目：指し手「７六歩打」が読めません」); on the English page, or for a kind this page does
 * not know, the server's English `fallback`.
 */
export function problemText(problem, fallback) {
  const key = `problem.${problem.kind}`;
  if (lang === 'en' || !hasString(key)) return fallback;
  const quote = problem.text ? t('problemQuote', { text: problem.text }) : '';
  let what = t(key, { quote });
  const rule = problem.kind === 'ILLEGAL_MOVE' ? `illegalMove.${problem.rule}` : `positionIssue.${problem.rule}`;
  if (problem.rule && hasString(rule)) what = t('problemRule', { what, rule: t(rule) });
  const at = [];
  if (problem.line > 0) at.push(t('problemLine', { n: problem.line }));
  if (problem.column > 0) at.push(t('problemColumn', { n: problem.column }));
  if (problem.ply > 0) at.push(t('problemPly', { n: problem.ply }));
  return at.length > 0 ? t('problemAt', { at: at.join(' '), what }) : what;
}

/**
 * The warnings of a record read in part (`GET /api/analyses/{id}`): each structured one as {@link problemText}
 * writes it, a problem the reader read past saying so; the server's strings where there is no structured form.
 */
export function warningsText(analysis) {
  const structured = analysis.warningProblems || [];
  return analysis.warnings.map((w, i) => {
    const p = structured[i];
    if (!p || lang === 'en') return w;
    const what = problemText(p, w);
    return p.readUpTo == null && what !== w ? t('problemReadOn', { what }) : what;
  }).join(' ');
}

/** Fills every element with a `data-i18n` attribute with its string. */
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
}

/** Whether a key is in the table (used by tests of the table and for reasons the server may add later). */
export function hasString(key) {
  return key in STRINGS;
}
