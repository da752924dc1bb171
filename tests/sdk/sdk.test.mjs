// SDK compatibility: drives a real `lucky devnet` binary with the official supra-l1-sdk
// (pinned 4.6.0), unchanged. Run: npm ci && LUCKY_BIN=../../bin/lucky node --test
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { SupraClient, SupraAccount, HexString, BCS, TxnBuilderTypes } from 'supra-l1-sdk';

const BIN = resolve(process.env.LUCKY_BIN ?? '../../bin/lucky');
const SUPRA = '0x1::supra_coin::SupraCoin';
let proc;
let url;
let client;
let dev; // SupraAccount of dev account 0

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function waitUp(base) {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`${base}/rpc/v1/transactions/chain_id`);
      if (r.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`devnet did not start at ${base}`);
}

before(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // An empty chain (no seeded past): the tests start from genesis balances.
  proc = spawn(BIN, ['devnet', '--addr', `127.0.0.1:${port}`, '--history', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  proc.stdout.resume();
  await waitUp(url);
  client = await SupraClient.init(url);
  const accounts = await (await fetch(`${url}/devnet/accounts`)).json();
  assert.equal(accounts.length, 10);
  dev = new SupraAccount(Buffer.from(accounts[0].privateKey.slice(2), 'hex'));
  assert.equal(dev.address().toString(), accounts[0].address);
});

after(() => {
  proc?.kill('SIGTERM');
});

test('chain id is the devnet id', () => {
  assert.equal(client.chainId.value, 255);
});

test('getAccountInfo of a dev account', async () => {
  const info = await client.getAccountInfo(dev.address());
  assert.equal(typeof info.sequence_number, 'bigint');
  assert.equal(info.authentication_key, dev.address().toString());
});

test('isAccountExists is false for an unknown address', async () => {
  const unknown = new SupraAccount();
  assert.equal(await client.isAccountExists(unknown.address()), false);
  assert.equal(await client.isAccountExists(dev.address()), true);
});

test('fundAccountWithFaucet funds a new account', async () => {
  const fresh = new SupraAccount();
  const res = await client.fundAccountWithFaucet(fresh.address());
  assert.equal(res.status, 'Success');
  assert.match(res.transactionHash, /^0x[0-9a-f]{64}$/);
  assert.ok((await client.getAccountSupraCoinBalance(fresh.address())) > 0n);
});

test('transferSupraCoin to a new account, balance, detail, status, hash', async () => {
  const to = new SupraAccount();
  const before = await client.getAccountSupraCoinBalance(dev.address());
  const res = await client.transferSupraCoin(dev, to.address(), 12345n, {
    enableTransactionWaitAndSimulationArgs: { enableWaitForTransaction: true, enableTransactionSimulation: true },
  });
  assert.equal(res.result, 'Success');
  assert.equal(await client.getAccountSupraCoinBalance(to.address()), 12345n);
  assert.equal(await client.isAccountExists(to.address()), true);

  const detail = await client.getTransactionDetail(dev.address(), res.txHash);
  assert.equal(detail.status, 'Success');
  assert.equal(detail.vm_status, 'Executed successfully');
  assert.equal(detail.sender, dev.address().toString());
  assert.equal(detail.transactionInsights.type, 'CoinTransfer');
  assert.equal(detail.transactionInsights.coinReceiver, to.address().toString());
  assert.equal(detail.transactionInsights.coinChange[0].amount, -12345n);
  assert.ok(detail.blockNumber > 0);
  const fee = BigInt(detail.gasUsed) * BigInt(detail.gasUnitPrice);
  assert.equal(await client.getAccountSupraCoinBalance(dev.address()), before - 12345n - fee);
  assert.equal(await client.getTransactionStatus(res.txHash), 'Success');

  // The node's hash is the SDK's own derivation: keccak256(BCS(SignedTransaction)).
  const seq = (await client.getAccountInfo(dev.address())).sequence_number;
  const raw = await client.createRawTxObject(dev.address(), seq, '0x1', 'supra_account', 'transfer', [],
    [to.address().toUint8Array(), BCS.bcsSerializeUint64(1n)]);
  const signed = SupraClient.createSignedTransaction(dev, raw);
  const local = '0x' + SupraClient.deriveTransactionHash(signed);
  const sent = await client.sendTx(client.getSendTxPayload(dev, raw), { enableWaitForTransaction: true });
  assert.equal(sent.txHash, local);
});

test('invokeViewMethod 0x1::coin::balance', async () => {
  const [bal] = await client.invokeViewMethod('0x1::coin::balance', [SUPRA], [dev.address().toString()]);
  assert.equal(typeof bal, 'string');
  assert.equal(BigInt(bal), await client.getAccountSupraCoinBalance(dev.address()));
});

test('simulateTx of a failing transfer reports the vm status', async () => {
  const poor = new SupraAccount();
  await client.fundAccountWithFaucet(poor.address());
  const bal = await client.getAccountSupraCoinBalance(poor.address());
  const raw = await client.createRawTxObject(poor.address(), 0n, '0x1', 'supra_account', 'transfer', [],
    [dev.address().toUint8Array(), BCS.bcsSerializeUint64(bal * 2n)]);
  await assert.rejects(
    client.simulateTx(client.getSendTxPayload(poor, raw)),
    (err) => {
      // 4.6.0 words it "Transaction simulation failed. Reason: …" (4.2–4.3: "Transaction Can Be Failed, Reason: …").
      assert.match(err.message, /Reason: Move abort in 0x1::coin: EINSUFFICIENT_BALANCE\(0x10006\)/);
      return true;
    },
  );
  // Simulation changed nothing.
  assert.equal(await client.getAccountSupraCoinBalance(poor.address()), bal);
  assert.equal((await client.getAccountInfo(poor.address())).sequence_number, 0n);
});

test('getResourceData and getCoinInfo', async () => {
  const store = await client.getResourceData(dev.address(), `0x1::coin::CoinStore<${SUPRA}>`);
  assert.equal(BigInt(store.coin.value), await client.getAccountSupraCoinBalance(dev.address()));
  const info = await client.getCoinInfo(SUPRA);
  assert.deepEqual(info, { name: 'Supra Coin', symbol: 'SUPRA', decimals: 8 });
});

test('getAccountResources pages with a cursor', async () => {
  const seen = [];
  let start;
  for (let i = 0; i < 10; i++) {
    const page = await client.getAccountResources(new HexString('0x1'), { count: 1, start });
    seen.push(...page.resource.map((r) => r[0]));
    if (!page.cursor) break;
    start = page.cursor;
  }
  assert.ok(seen.includes('0x1::account::Account'));
  assert.ok(seen.includes(`0x1::coin::CoinInfo<${SUPRA}>`));
  assert.equal(new Set(seen).size, seen.length);
});

test('getCoinTransactionsDetail and account transactions', async () => {
  const fresh = new SupraAccount();
  await client.fundAccountWithFaucet(fresh.address());
  await client.transferSupraCoin(fresh, dev.address(), 1000n, {
    enableTransactionWaitAndSimulationArgs: { enableWaitForTransaction: true },
  });
  const page1 = await client.getCoinTransactionsDetail(fresh.address(), { count: 1 });
  assert.equal(page1.transactions.length, 1);
  assert.equal(page1.transactions[0].transactionInsights.coinChange[0].amount > 0n, true);
  const page2 = await client.getCoinTransactionsDetail(fresh.address(), { count: 15, start: page1.cursor });
  assert.equal(page2.transactions.length, 1);
  assert.equal(page2.transactions[0].sender, fresh.address().toString());
  const own = await client.getAccountTransactionsDetail(fresh.address());
  assert.equal(own.length, 1);
  assert.equal(own[0].status, 'Success');
});

// The app's contracts, read through invokeViewMethod exactly as the original app reads
// them with the Supra SDK: u64 results are decimal strings, bools are booleans.
const SLOTS = '0xb4ba040eb59c3b3c3776b7a603d896781e48bbf5fcea559c495814b5cde29b2b::slots_v3';
const DEX = '0x0dc694898dff98a1b0447e0992d0413e123ea80da1021d464a4fbaf0265870d8';
const CURVE = `${DEX}::curves::Uncorrelated`;
const LUCKY = '0x4205c82380bff5708cd7c59e0043a45890a457a6cdb60c9191d818958fd7ac26::LUCKY::LUCKY';
const STAKING = '0xde01::staking';
const MINERS = '0xde02::cosmic_miners';
const BURN = '0xffffffffffffffffffffffffffffffff'; // the original app's short form
const u64 = /^[0-9]+$/;

test('slots_v3 house fund views', async () => {
  const [supraPot] = await client.invokeViewMethod(`${SLOTS}::get_supra_coin_house_fund_balance_view`, [], []);
  assert.match(supraPot, u64);
  assert.ok(BigInt(supraPot) > 0n);
  // The dashboard passes the type both as type argument and as the String argument.
  const [luckyPot] = await client.invokeViewMethod(`${SLOTS}::get_house_fund_balance_view`, [LUCKY], [LUCKY]);
  assert.match(luckyPot, u64);
  assert.ok(BigInt(luckyPot) > 0n);
});

test('Dexlyn router views in the order of the type arguments', async () => {
  const [exists] = await client.invokeViewMethod(`${DEX}::router::is_swap_exists`, [SUPRA, LUCKY, CURVE], []);
  assert.equal(exists, true);
  const [rs, rl] = await client.invokeViewMethod(`${DEX}::router::get_reserves_size`, [SUPRA, LUCKY, CURVE], []);
  const [rl2, rs2] = await client.invokeViewMethod(`${DEX}::router::get_reserves_size`, [LUCKY, SUPRA, CURVE], []);
  assert.match(rs, u64);
  assert.deepEqual([rs, rl], [rs2, rl2]);
  const [fee, scale] = await client.invokeViewMethod(`${DEX}::router::get_fees_config`, [SUPRA, LUCKY, CURVE], []);
  assert.match(fee, u64);
  assert.match(scale, u64);
  const amountIn = 100000000n; // 1 SUPRA
  const [out] = await client.invokeViewMethod(`${DEX}::router::get_amount_out`, [SUPRA, LUCKY, CURVE], [amountIn.toString()]);
  // The product's price math (docs/product.md, Swap), with BigInt floors: a = in·(scale−fee)/scale; out = a·R_out/(R_in + a).
  const a = (amountIn * (BigInt(scale) - BigInt(fee))) / BigInt(scale);
  const expected = (a * BigInt(rl)) / (BigInt(rs) + a);
  assert.ok(BigInt(out) <= expected && expected - BigInt(out) <= 1n, `out ${out} vs ${expected}`);
  const [needed] = await client.invokeViewMethod(`${DEX}::router::get_amount_in`, [SUPRA, LUCKY, CURVE], [out]);
  assert.ok(BigInt(needed) <= amountIn);
});

test('LUCKY burned at the burn address', async () => {
  const [burned] = await client.invokeViewMethod('0x1::coin::balance', [LUCKY], [BURN]);
  assert.match(burned, u64);
  assert.ok(BigInt(burned) > 0n);
});

test('staking pool views', async () => {
  const who = dev.address().toString();
  for (const fn of ['get_active_users', 'get_global_deposit', 'get_pass_price']) {
    const [v] = await client.invokeViewMethod(`${STAKING}::${fn}`, [], []);
    assert.match(v, u64, fn);
  }
  for (const fn of ['get_user_deposit', 'get_user_pending_rewards', 'get_user_daily_yield', 'get_user_stake_time']) {
    const [v] = await client.invokeViewMethod(`${STAKING}::${fn}`, [], [who]);
    assert.match(v, u64, fn);
  }
  assert.deepEqual(await client.invokeViewMethod(`${STAKING}::get_has_tax_free_pass`, [], [who]), [false]);
  assert.deepEqual(await client.invokeViewMethod(`${STAKING}::get_user_apy_tier`, [], [who]), ['500']);
  const debug = await client.invokeViewMethod(`${STAKING}::get_user_debug`, [], [who]);
  assert.equal(debug.length, 3); // start time, seconds, claimed
  debug.forEach((v) => assert.match(v, u64));
});

test('Cosmic Miners views', async () => {
  const [catalogue] = await client.invokeViewMethod(`${MINERS}::get_catalogue`, [], []);
  assert.deepEqual(catalogue.map((m) => m.name), ['Nano Rig', 'Quantum Core', 'Nebula Forge']);
  assert.match(catalogue[0].cost, u64);
  const accounts = await (await fetch(`${url}/devnet/accounts`)).json();
  const miner = accounts[3].address; // the dev account that holds MINE
  const [balance] = await client.invokeViewMethod(`${MINERS}::get_balance`, [], [miner]);
  assert.ok(BigInt(balance) > 0n);
  for (const fn of ['get_pending_output', 'get_power', 'get_boost', 'get_daily_output']) {
    const [v] = await client.invokeViewMethod(`${MINERS}::${fn}`, [], [miner]);
    assert.match(v, u64, fn);
  }
  const [fleet] = await client.invokeViewMethod(`${MINERS}::get_fleet`, [], [miner]);
  assert.ok(Array.isArray(fleet));
  const [boosters] = await client.invokeViewMethod(`${MINERS}::get_boosters`, [], [miner]);
  assert.ok(Array.isArray(boosters));
  const [crew] = await client.invokeViewMethod(`${MINERS}::get_crew_size`, [], []);
  assert.match(crew, u64);
});
