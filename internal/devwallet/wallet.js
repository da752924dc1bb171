// Dev Wallet: a stand-in for the StarKey extension on the devnet. It defines
// window.starkey.supra with StarKey's methods and events; its keys stay in the Go server,
// which signs with a dev account and submits through the node's normal submit path.
// Test hooks (localStorage): devWallet.autoApprove='1' approves every request,
// devWallet.account='N' picks dev account N, devWallet.disabled='1' leaves the wallet out.
(function () {
  'use strict';
  var ls = window.localStorage;
  if (ls.getItem('devWallet.disabled') === '1') return;

  var NETWORKS = [
    { chainId: '255', name: 'Supra Devnet' },
    { chainId: '6', name: 'Supra Testnet' },
    { chainId: '8', name: 'Supra Mainnet' },
  ];
  var DEVNET = '255';
  var state = {
    accounts: [],
    index: Math.max(0, Number(ls.getItem('devWallet.account') || 0) | 0),
    chainId: DEVNET,
    connected: ls.getItem('devWallet.connected') === '1',
    listeners: {},
    requests: [],
    open: false,
    nextId: 1,
  };
  // The accounts are fetched when first needed (a request from the app, or the tab being
  // drawn), not while the page is still loading the app.
  var accountsLoaded;
  function ready() {
    if (!accountsLoaded) {
      accountsLoaded = fetch('/devnet/accounts')
        .then(function (r) { return r.json(); })
        .then(function (list) {
          state.accounts = list;
          if (state.index >= list.length) state.index = 0;
          render();
        });
    }
    return accountsLoaded;
  }

  function rejected() {
    var e = new Error('User rejected the request.');
    e.code = 4001;
    return e;
  }
  function autoApprove() { return ls.getItem('devWallet.autoApprove') === '1'; }
  function address() { var a = state.accounts[state.index]; return a ? a.address : ''; }
  function emit(event, payload) {
    (state.listeners[event] || []).forEach(function (fn) {
      try { fn(payload); } catch (err) { console.error('dev wallet listener', err); }
    });
  }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) throw new Error((j && j.error && j.error.message) || ('HTTP ' + r.status));
          return j;
        });
      });
  }

  // ask queues a request for the person at the keyboard (or approves it in test mode).
  function ask(kind, detail, run) {
    return ready().then(function () {
      return new Promise(function (resolve, reject) {
        var req = { id: state.nextId++, kind: kind, detail: detail };
        req.approve = function () { settle(req); Promise.resolve().then(run).then(resolve, reject); };
        req.reject = function () { settle(req); reject(rejected()); };
        if (autoApprove()) { req.approve(); return; }
        state.requests.push(req);
        state.open = true;
        draw();
      });
    });
  }
  // settle closes the panel once nothing waits, like an extension popup, so it never keeps
  // covering the app's own dialogs.
  function settle(req) {
    state.requests = state.requests.filter(function (r) { return r !== req; });
    if (!state.requests.length) state.open = false;
    render();
  }
  function collapse() {
    if (!state.requests.length) state.open = false;
  }
  function requireConnected() {
    if (!state.connected) throw new Error('Dev Wallet is not connected to this site.');
  }
  function requireDevnet() {
    if (state.chainId !== DEVNET) {
      throw new Error('Dev Wallet only sends on Supra Devnet (chain id 255); switch the network first.');
    }
  }
  function hexOf(data) {
    if (typeof data === 'string') return data.replace(/^0x/, '');
    if (data && typeof data.length === 'number') {
      return Array.prototype.map.call(data, function (b) { return ('0' + (b & 255).toString(16)).slice(-2); }).join('');
    }
    return '';
  }
  function plain(v) { // JSON for createRawTransactionData's BCS byte arrays and bigints
    if (typeof v === 'bigint') return String(v);
    if (v && typeof v === 'object' && typeof v.length === 'number' && !(v instanceof Array)) return Array.prototype.slice.call(v);
    if (v instanceof Array) return v.map(plain);
    if (v && typeof v === 'object') {
      var o = {};
      Object.keys(v).forEach(function (k) { o[k] = plain(v[k]); });
      return o;
    }
    return v;
  }

  var provider = {
    isDevWallet: true,
    connect: function () {
      return ask('Connect', { site: location.origin }, function () {
        state.connected = true;
        ls.setItem('devWallet.connected', '1');
        render();
        return [address()];
      });
    },
    account: function () { return ready().then(function () { return state.connected ? [address()] : []; }); },
    accounts: function () { return provider.account(); },
    getChainId: function () { return Promise.resolve({ chainId: state.chainId }); },
    changeNetwork: function (opts) {
      var id = String(opts && opts.chainId);
      var net = NETWORKS.filter(function (n) { return n.chainId === id; })[0];
      if (!net) return Promise.reject(new Error('Unrecognized chain ID.'));
      return ask('Switch network', { network: net.name + ' (' + id + ')' }, function () {
        setNetwork(id);
        return { chainId: id };
      });
    },
    disconnect: function () {
      state.connected = false;
      ls.removeItem('devWallet.connected');
      render();
      emit('disconnect');
      return Promise.resolve();
    },
    balance: function () {
      return ready().then(function () {
        return post('/rpc/v1/view', { function: '0x1::coin::balance', type_arguments: ['0x1::supra_coin::SupraCoin'], arguments: [address()] });
      }).then(function (j) {
        var v = String(j.result[0]);
        return { balance: Number(v), formattedBalance: v.length > 8 ? v.slice(0, -8) + '.' + v.slice(-8) : '0.' + v.padStart(8, '0'), decimal: 8, displayUnit: 'SUPRA' };
      });
    },
    createRawTransactionData: function (payload) {
      requireConnected();
      return post('/devnet/wallet/raw', { payload: plain(payload) }).then(function (j) { return j.rawTransaction; });
    },
    sendTransaction: function (params) {
      try { requireConnected(); requireDevnet(); } catch (e) { return Promise.reject(e); }
      var body = { account: state.index };
      var data = hexOf(params && params.data);
      if (data) body.rawTransaction = data;
      else { body.to = params.to; body.value = String(params.value); }
      if (params && params.from && String(params.from).toLowerCase() !== address().toLowerCase()) {
        return Promise.reject(new Error('Transaction sender is not the active Dev Wallet account.'));
      }
      var describe = data ? post('/devnet/wallet/decode', { rawTransaction: data }) : Promise.resolve({ function: 'transfer ' + body.value + ' to ' + body.to });
      return describe.then(function (summary) {
        return ask('Send transaction', summary, function () {
          return post('/devnet/wallet/send', body).then(function (j) { return j.hash; });
        });
      });
    },
    signMessage: function (opts) {
      try { requireConnected(); } catch (e) { return Promise.reject(e); }
      var msg = String(opts && opts.message);
      return ask('Sign message', { message: msg }, function () {
        return post('/devnet/wallet/sign-message', { account: state.index, message: msg });
      });
    },
    on: function (event, fn) { (state.listeners[event] = state.listeners[event] || []).push(fn); },
  };
  Object.defineProperty(provider, 'currentNetwork', { get: function () { return state.chainId; } });
  window.starkey = { supra: provider, getVersion: function () { return 'dev-wallet'; } };

  function setNetwork(id) {
    if (id === state.chainId) return;
    state.chainId = id;
    render();
    emit('networkChanged', { chainId: id });
  }
  function setAccount(i) {
    if (i === state.index) return;
    state.index = i;
    ls.setItem('devWallet.account', String(i));
    render();
    if (state.connected) emit('accountChanged', [address()]);
  }

  // ---- panel ---------------------------------------------------------------------------
  var root;
  var drawn = false; // the tab may be drawn (draw, below)
  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') n.textContent = attrs[k];
      else if (k.slice(0, 2) === 'on') n.addEventListener(k.slice(2), attrs[k]);
      else n.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) n.appendChild(c); });
    return n;
  }
  function short(a) { return a ? a.slice(0, 6) + '…' + a.slice(-4) : ''; }
  function render() {
    if (!document.body || (!root && !drawn)) return;
    if (!root) {
      document.head.appendChild(el('link', { rel: 'stylesheet', href: '/devnet/wallet.css' }));
      root = el('aside', { class: 'dw', 'aria-label': 'Dev Wallet' });
      // Fixed before the stylesheet arrives, so the panel never shifts the page's layout.
      // A slim tab on the right edge: the app's toasts own the bottom corners and its
      // dialogs the top.
      root.style.position = 'fixed';
      root.style.right = '0';
      root.style.top = '50%';
      root.style.transform = 'translateY(-50%)';
      document.body.appendChild(root);
    }
    root.replaceChildren();
    var pending = state.requests.length;
    root.appendChild(el('button', {
      class: 'dw-toggle', type: 'button', 'aria-expanded': String(state.open),
      text: 'Dev Wallet' + (pending ? ' (' + pending + ')' : ''),
      onclick: function () { state.open = !state.open; render(); },
    }));
    if (!state.open) return;
    var body = el('div', { class: 'dw-body' });
    var acct = el('select', { id: 'dw-account', 'aria-label': 'Dev Wallet account' });
    state.accounts.forEach(function (a, i) {
      var o = el('option', { value: String(i), text: '#' + i + ' ' + short(a.address) });
      if (i === state.index) o.selected = true;
      acct.appendChild(o);
    });
    acct.addEventListener('change', function () { collapse(); setAccount(Number(acct.value)); render(); });
    var net = el('select', { id: 'dw-network', 'aria-label': 'Dev Wallet network' });
    NETWORKS.forEach(function (n) {
      var o = el('option', { value: n.chainId, text: n.name + ' (' + n.chainId + ')' });
      if (n.chainId === state.chainId) o.selected = true;
      net.appendChild(o);
    });
    net.addEventListener('change', function () { collapse(); setNetwork(net.value); render(); });
    body.appendChild(el('label', { for: 'dw-account', text: 'Account' }));
    body.appendChild(acct);
    body.appendChild(el('label', { for: 'dw-network', text: 'Network' }));
    body.appendChild(net);
    body.appendChild(el('p', { class: 'dw-status', text: state.connected ? 'Connected to ' + location.host : 'Not connected' }));
    state.requests.forEach(function (req) {
      var lines = Object.keys(req.detail || {}).map(function (k) {
        var v = req.detail[k];
        return el('div', { class: 'dw-line', text: k + ': ' + (typeof v === 'string' ? v : JSON.stringify(v)) });
      });
      body.appendChild(el('div', { class: 'dw-request', role: 'group', 'aria-label': req.kind + ' request' }, [
        el('strong', { text: req.kind }),
      ].concat(lines).concat([
        el('div', { class: 'dw-actions' }, [
          el('button', { type: 'button', class: 'dw-approve', text: 'Approve', onclick: req.approve }),
          el('button', { type: 'button', class: 'dw-reject', text: 'Reject', onclick: req.reject }),
        ]),
      ])));
    });
    root.appendChild(body);
  }
  // The tab is drawn after the app's first paint, never before it. Drawn first, it was the
  // page's first contentful paint, and Lighthouse then counted the app's own start as time the
  // page blocked input (total blocking time runs from that paint). window.starkey above is
  // defined at once: the app finds the wallet whenever it asks; a request it makes before the
  // tab is drawn draws it (ask).
  function draw() {
    drawn = true;
    ready();
    render();
  }
  function whenIdle() {
    if (window.requestIdleCallback) window.requestIdleCallback(draw, { timeout: 2000 });
    else setTimeout(draw, 200);
  }
  var painted = false;
  function afterPaint() {
    if (painted) return;
    painted = true;
    whenIdle();
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        afterPaint();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    // No paint timing in this browser: the page's load stands in for the paint below.
  }
  // A page that paints nothing (or a browser that does not report it) still gets its tab,
  // a few seconds after it has loaded.
  function afterLoad() { setTimeout(afterPaint, 3000); }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
})();
