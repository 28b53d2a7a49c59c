// @x/cli/catalogue: the catalogue of operations, now its own package (@x/catalogue), re-exported
// here so that programs importing it from @x/cli keep working. New code imports @x/catalogue.
export * from '@x/catalogue';
