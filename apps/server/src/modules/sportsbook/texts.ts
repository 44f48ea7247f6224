/** The sandbox page's words in the site's six languages (the provider's own page, like the studio's UI). */
export interface PageTexts {
  title: string;
  notice: string;
  balance: string;
  lobby: string;
  events: string;
  slip: string;
  pick: string;
  stake: string;
  place: string;
  myBets: string;
  noBets: string;
  toWin: string;
  paid: string;
  settle: string;
  cashOut: string;
  open: string;
  won: string;
  lost: string;
  cashed_out: string;
  result: string;
  invalidLink: string;
  missing: string;
}

const en: PageTexts = {
  title: 'Sportsbook',
  notice: 'Sandbox sportsbook: when you settle a bet, the result is drawn with the probabilities its odds imply.',
  balance: 'Balance',
  lobby: 'Lobby',
  events: 'Upcoming events',
  slip: 'Bet slip',
  pick: 'Pick an outcome to bet on.',
  stake: 'Stake',
  place: 'Place bet',
  myBets: 'My bets',
  noBets: 'No bets yet.',
  toWin: 'To win',
  paid: 'Paid',
  settle: 'Settle now',
  cashOut: 'Cash out',
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
  cashed_out: 'Cashed out',
  result: 'Result',
  invalidLink: 'This sportsbook link is not valid or has expired. Open the sportsbook again from the casino.',
  missing: 'This sportsbook session does not exist or has expired. Open the sportsbook again from the casino.',
};

const TEXTS: Record<string, PageTexts> = {
  en,
  de: {
    title: 'Sportwetten',
    notice: 'Sportwetten-Sandbox: Beim Abrechnen wird das Ergebnis mit den Wahrscheinlichkeiten der Quoten gezogen.',
    balance: 'Guthaben',
    lobby: 'Lobby',
    events: 'Kommende Ereignisse',
    slip: 'Wettschein',
    pick: 'Wähle ein Ergebnis für deine Wette.',
    stake: 'Einsatz',
    place: 'Wette platzieren',
    myBets: 'Meine Wetten',
    noBets: 'Noch keine Wetten.',
    toWin: 'Möglicher Gewinn',
    paid: 'Ausgezahlt',
    settle: 'Jetzt abrechnen',
    cashOut: 'Auszahlen',
    open: 'Offen',
    won: 'Gewonnen',
    lost: 'Verloren',
    cashed_out: 'Ausgezahlt',
    result: 'Ergebnis',
    invalidLink: 'Dieser Link ist ungültig oder abgelaufen. Öffne die Sportwetten erneut im Casino.',
    missing: 'Diese Sitzung existiert nicht oder ist abgelaufen. Öffne die Sportwetten erneut im Casino.',
  },
  es: {
    title: 'Apuestas deportivas',
    notice: 'Casa de apuestas de prueba: al liquidar, el resultado se sortea con las probabilidades de las cuotas.',
    balance: 'Saldo',
    lobby: 'Lobby',
    events: 'Próximos eventos',
    slip: 'Boleto',
    pick: 'Elige un resultado para apostar.',
    stake: 'Importe',
    place: 'Apostar',
    myBets: 'Mis apuestas',
    noBets: 'Aún no hay apuestas.',
    toWin: 'Ganancia posible',
    paid: 'Pagado',
    settle: 'Liquidar ahora',
    cashOut: 'Cobrar',
    open: 'Abierta',
    won: 'Ganada',
    lost: 'Perdida',
    cashed_out: 'Cobrada',
    result: 'Resultado',
    invalidLink: 'Este enlace no es válido o ha caducado. Abre las apuestas de nuevo desde el casino.',
    missing: 'Esta sesión no existe o ha caducado. Abre las apuestas de nuevo desde el casino.',
  },
  fr: {
    title: 'Paris sportifs',
    notice: 'Paris sportifs de démonstration : au règlement, le résultat est tiré selon les probabilités des cotes.',
    balance: 'Solde',
    lobby: 'Lobby',
    events: 'Événements à venir',
    slip: 'Coupon',
    pick: 'Choisissez un résultat sur lequel parier.',
    stake: 'Mise',
    place: 'Parier',
    myBets: 'Mes paris',
    noBets: 'Aucun pari pour le moment.',
    toWin: 'Gain possible',
    paid: 'Payé',
    settle: 'Régler maintenant',
    cashOut: 'Encaisser',
    open: 'En cours',
    won: 'Gagné',
    lost: 'Perdu',
    cashed_out: 'Encaissé',
    result: 'Résultat',
    invalidLink: 'Ce lien n’est pas valide ou a expiré. Rouvrez les paris sportifs depuis le casino.',
    missing: 'Cette session n’existe pas ou a expiré. Rouvrez les paris sportifs depuis le casino.',
  },
  it: {
    title: 'Scommesse sportive',
    notice: 'Scommesse di prova: alla liquidazione il risultato è estratto con le probabilità implicite nelle quote.',
    balance: 'Saldo',
    lobby: 'Lobby',
    events: 'Prossimi eventi',
    slip: 'Schedina',
    pick: 'Scegli un esito su cui scommettere.',
    stake: 'Puntata',
    place: 'Scommetti',
    myBets: 'Le mie scommesse',
    noBets: 'Ancora nessuna scommessa.',
    toWin: 'Vincita possibile',
    paid: 'Pagato',
    settle: 'Liquida ora',
    cashOut: 'Incassa',
    open: 'Aperta',
    won: 'Vinta',
    lost: 'Persa',
    cashed_out: 'Incassata',
    result: 'Risultato',
    invalidLink: 'Questo link non è valido o è scaduto. Riapri le scommesse dal casinò.',
    missing: 'Questa sessione non esiste o è scaduta. Riapri le scommesse dal casinò.',
  },
  'pt-br': {
    title: 'Apostas esportivas',
    notice: 'Apostas de teste: ao liquidar, o resultado é sorteado com as probabilidades implícitas nas odds.',
    balance: 'Saldo',
    lobby: 'Lobby',
    events: 'Próximos eventos',
    slip: 'Boletim',
    pick: 'Escolha um resultado para apostar.',
    stake: 'Valor',
    place: 'Apostar',
    myBets: 'Minhas apostas',
    noBets: 'Nenhuma aposta ainda.',
    toWin: 'Ganho possível',
    paid: 'Pago',
    settle: 'Liquidar agora',
    cashOut: 'Encerrar aposta',
    open: 'Aberta',
    won: 'Ganha',
    lost: 'Perdida',
    cashed_out: 'Encerrada',
    result: 'Resultado',
    invalidLink: 'Este link não é válido ou expirou. Abra as apostas novamente pelo cassino.',
    missing: 'Esta sessão não existe ou expirou. Abra as apostas novamente pelo cassino.',
  },
};

/** The texts of a locale (`pt-br`, `de`, `de-AT` …), English when unknown. */
export function textsFor(locale: unknown): { lang: string; texts: PageTexts } {
  const code = typeof locale === 'string' ? locale.toLowerCase() : 'en';
  if (TEXTS[code]) return { lang: code, texts: TEXTS[code] };
  const short = code.slice(0, 2);
  return TEXTS[short] ? { lang: short, texts: TEXTS[short] } : { lang: 'en', texts: en };
}
