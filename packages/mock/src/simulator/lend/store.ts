// Lend state: borrow positions, made and changed when an operate transaction lands (lend/operate.ts),
// at most `maxPositions` of them, and the id the next new position takes.
import { LEND_VAULT } from '../chain/addresses.js';
import { createRandom, hashString } from '../random.js';
import { NATIVE_MINT, PLATFORM_TOKEN_MINT, STABLECOIN_MINT } from '../tokens.js';

export interface BorrowVault {
  id: number;
  /** The vault's account: the spec's example lend vault for the first, one derived from the id for the others. */
  address: string;
  collateralMint: string;
  debtMint: string;
  /** Max loan-to-value in percent. */
  maxLtv: number;
  liquidationThreshold: number;
  borrowRateBps: number;
  supplyRateBps: number;
}

export interface Position {
  nftId: number;
  vaultId: number;
  owner: string;
  collateral: bigint;
  debt: bigint;
}

const vaultAddress = (id: number): string => (id === 1 ? LEND_VAULT : createRandom(hashString(`lend-vault:${id}`)).address());

export const BORROW_VAULTS: readonly BorrowVault[] = [
  {
    id: 1,
    address: vaultAddress(1),
    collateralMint: NATIVE_MINT,
    debtMint: STABLECOIN_MINT,
    maxLtv: 75,
    liquidationThreshold: 80,
    borrowRateBps: 520,
    supplyRateBps: 410,
  },
  {
    id: 2,
    address: vaultAddress(2),
    collateralMint: PLATFORM_TOKEN_MINT,
    debtMint: STABLECOIN_MINT,
    maxLtv: 60,
    liquidationThreshold: 70,
    borrowRateBps: 610,
    supplyRateBps: 450,
  },
  {
    id: 3,
    address: vaultAddress(3),
    collateralMint: STABLECOIN_MINT,
    debtMint: NATIVE_MINT,
    maxLtv: 80,
    liquidationThreshold: 85,
    borrowRateBps: 380,
    supplyRateBps: 290,
  },
];

export interface LendStore {
  positions: Map<number, Position>;
  nextNftId: number;
  add(position: Position): void;
  reset(): void;
}

export function createLendStore(maxPositions = 10_000): LendStore {
  const store: LendStore = {
    positions: new Map(),
    nextNftId: 1,
    add(position) {
      store.positions.delete(position.nftId);
      if (store.positions.size >= maxPositions) store.positions.delete(store.positions.keys().next().value as number);
      store.positions.set(position.nftId, position);
    },
    reset() {
      store.positions.clear();
      store.nextNftId = 1;
    },
  };
  return store;
}
