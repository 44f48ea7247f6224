import { SPORTSBOOK_API } from '@croupier/contracts/sportsbook';

/**
 * The sandbox page's script, served as /sportsbook/app.js (the page's CSP allows only this file and this
 * origin). Plain browser JavaScript: it reads the session, renders the card, places, settles and cashes
 * out bets through the JSON API, and shows the balance each answer carries. No framework, no build step.
 */
export const APP_SCRIPT = `(() => {
'use strict';
const config = JSON.parse(document.getElementById('sportsbook-config').textContent);
const t = config.texts;
const api = '${SPORTSBOOK_API}/sessions/' + encodeURIComponent(config.sessionId);
const $ = (id) => document.getElementById(id);
let session = null;
let selection = null;

const el = (tag, props, ...children) => {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) node.append(child);
  return node;
};
const digits = () => String(session.subunitToUnit).length - 1;
function major(minor) {
  const negative = minor.startsWith('-');
  const text = (negative ? minor.slice(1) : minor).padStart(digits() + 1, '0');
  const whole = digits() ? text.slice(0, -digits()) + '.' + text.slice(-digits()) : text;
  return (negative ? '-' : '') + whole;
}
function money(minor) {
  try {
    return new Intl.NumberFormat(config.locale, { style: 'currency', currency: session.currency, maximumFractionDigits: digits() }).format(Number(major(minor)));
  } catch {
    return major(minor) + ' ' + session.currency;
  }
}
function toMinor(text) {
  const value = text.trim().replace(',', '.');
  if (!/^\\d{1,12}(\\.\\d+)?$/.test(value)) return null;
  const [whole, frac = ''] = value.split('.');
  if (frac.length > digits()) return null;
  return (BigInt(whole) * BigInt(session.subunitToUnit) + BigInt(frac.padEnd(digits(), '0') || '0')).toString();
}
async function call(path, method, body) {
  const res = await fetch(api + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((json.error && json.error.message) || 'HTTP ' + res.status);
  return json;
}
function renderEvents() {
  const box = $('events');
  box.replaceChildren();
  for (const event of session.events) {
    const odds = el('div', { className: 'odds', role: 'group' });
    odds.setAttribute('aria-label', event.name);
    for (const outcome of event.outcomes) {
      const pressed = selection && selection.eventId === event.id && selection.outcomeId === outcome.id;
      const button = el('button', { type: 'button', className: 'outcome' }, outcome.name, el('b', {}, outcome.odds));
      button.setAttribute('aria-pressed', String(Boolean(pressed)));
      button.dataset.event = event.id;
      button.dataset.outcome = outcome.id;
      button.addEventListener('click', () => select(event, outcome));
      odds.append(button);
    }
    const when = new Date(event.startsAt).toLocaleString(config.locale, { dateStyle: 'medium', timeStyle: 'short' });
    box.append(el('article', { className: 'event' }, el('div', { className: 'meta' }, event.sport + ' · ' + event.league + ' · ' + when), el('h3', {}, event.name), odds));
  }
  box.removeAttribute('aria-busy');
}
function select(event, outcome) {
  selection = { eventId: event.id, outcomeId: outcome.id };
  $('pick').textContent = event.name + ': ' + outcome.name + ' @ ' + outcome.odds;
  $('place').disabled = false;
  renderEvents();
}
function renderBets() {
  const list = $('bets');
  list.replaceChildren();
  if (session.bets.length === 0) list.append(el('li', {}, t.noBets));
  for (const bet of session.bets) {
    const item = el('li', { className: 'bet' });
    item.dataset.betId = bet.id;
    item.dataset.status = bet.status;
    const summary = el('div', {}, el('strong', {}, bet.eventName), el('div', { className: 'meta' }, bet.outcomeName + ' @ ' + bet.odds + ' · ' + t.stake + ' ' + money(bet.stake)));
    const state = el('span', { className: 'status ' + bet.status }, t[bet.status]);
    item.append(summary, state);
    if (bet.status === 'open') {
      item.append(el('span', {}, t.toWin + ' ' + money(bet.potentialWin)));
      const settle = el('button', { type: 'button', className: 'settle' }, t.settle);
      settle.addEventListener('click', () => close(bet.id, 'settle'));
      const cash = el('button', { type: 'button', className: 'cash-out' }, t.cashOut + ' ' + money(bet.cashOut));
      cash.addEventListener('click', () => close(bet.id, 'cash-out'));
      item.append(settle, cash);
    } else {
      item.append(el('span', { className: 'payout' }, t.paid + ' ' + money(bet.payout)));
    }
    list.append(item);
  }
}
function apply(answer) {
  session.balance = answer.balance;
  session.bets = [answer.bet, ...session.bets.filter((b) => b.id !== answer.bet.id)];
  $('balance').textContent = money(session.balance);
  renderBets();
}
async function close(betId, kind) {
  $('error').textContent = '';
  for (const b of document.querySelectorAll('#bets button')) b.disabled = true;
  try {
    apply(await call('/bets/' + encodeURIComponent(betId) + '/' + kind, 'POST'));
  } catch (error) {
    $('error').textContent = error.message;
    renderBets();
  }
}
$('slip').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('error').textContent = '';
  const stake = toMinor($('stake').value);
  if (!selection) return;
  if (!stake || stake === '0') {
    $('error').textContent = t.stake + ' ?';
    $('stake').setAttribute('aria-invalid', 'true');
    return;
  }
  $('stake').removeAttribute('aria-invalid');
  $('place').disabled = true;
  try {
    apply(await call('/bets', 'POST', { ...selection, stake }));
  } catch (error) {
    $('error').textContent = error.message;
  } finally {
    $('place').disabled = false;
  }
});
call('', 'GET').then((answer) => {
  session = answer;
  $('balance').textContent = money(session.balance);
  $('currency').textContent = '(' + session.currency + ')';
  if (/^(https?:\\/\\/|\\/(?!\\/))/.test(session.lobbyUrl)) $('lobby').href = session.lobbyUrl;
  renderEvents();
  renderBets();
  document.documentElement.dataset.ready = 'true';
}).catch((error) => {
  $('error').textContent = error.message;
});
})();
`;
