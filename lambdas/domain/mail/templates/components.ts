/**
 * The react-email components the templates use, each from its own package. The `@react-email/components`
 * bundle re-exports them all and with them its Tailwind component, whose import alone took about 0.8 s of
 * the bundle's 0.9 s wherever Node imports it (test workers, mutation reruns, the local stack; measured on
 * the 2-core machine). The Lambda bundles are the same either way: esbuild leaves the unused ones out.
 */
export { Body } from '@react-email/body';
export { Column } from '@react-email/column';
export { Container } from '@react-email/container';
export { Head } from '@react-email/head';
export { Heading } from '@react-email/heading';
export { Html } from '@react-email/html';
export { Link } from '@react-email/link';
export { Preview } from '@react-email/preview';
export { Row } from '@react-email/row';
export { Section } from '@react-email/section';
export { Text } from '@react-email/text';
