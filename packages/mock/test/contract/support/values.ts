// Example values shared with the spec (spec/README.md, "Example values").
export const MINTS = {
  PLATFORM_TOKEN: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
  STABLECOIN_USD: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
  PLATFORM_STABLE: 'HAfZa18XxxAFMMxEUwzKG7Yyu9ZUG4GWxWvTGm3swop2',
  NATIVE_COIN: '6fd8k5X66KFcLyFpw18Ejp8cQmNdCBMfBUtgpujhyNzE',
  OTHER: 'ANXWJBfTCfGy9S9DqBojTgqxsd3LehNkCYZieTjTearb',
} as const;

export const ADDRESSES = {
  receiver: '6V1VsEmCGxfsZDKSwt2Jx3UgJKxaMwSeArFeUNuzSYRH',
  tipReceiver: 'BKAHcT3gcL7MfeBgXdbR9YXqkCBy5gu38GR8aXbDs7S1',
  lendVault: '2igWZNZK6mz63DRsKGsEDukRobNtyNUF7aY5hM1tQN9t',
} as const;

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
