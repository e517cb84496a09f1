// Stylesheets are bundled by webpack (style-loader); they export nothing we use.
declare module '*.css';
