// ESLint: typescript-eslint's type-checked recommended rules over src/, test/, bench/ and scripts/;
// formatting is Prettier's (eslint-config-prettier turns off the rules that would fight it).
// Every rule turned off or loosened below says why.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // trek's sanitisers and validators match control characters on purpose: that is their job.
      'no-control-regex': 'off',
      // `_name` marks what a destructuring leaves out or a signature must accept but not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Open enums of the API ('ESIM' | 'LUGGAGE_PROTECTION' | string) list the known values for
      // readers and completion while accepting any the operator adds.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // Re-rejecting or re-throwing a caught error passes it on as it came, whatever it is.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      // A variable a closure reads before its one assignment (a request, a timer) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Plain JavaScript (benches, build and doc scripts) is outside the TypeScript project.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', performance: 'readonly' },
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read API answers and hostile payloads as `any` on purpose: the assertions are the type check.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(fn).toThrow() and scripted prompters pass methods around without calling them.
      '@typescript-eslint/unbound-method': 'off',
      // Test doubles implement async interfaces with plain bodies.
      '@typescript-eslint/require-await': 'off',
      // Stub servers take async handlers; the helper reports what they reject with.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // Tests turn whatever a payload holds into text to compare it, objects included.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      // A test's own message (why a program is missing, what a child printed) replaces the cause on purpose.
      'preserve-caught-error': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  prettier,
);
