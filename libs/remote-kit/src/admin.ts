// The admin remotes' entry of the kit (`@skillquiz/remote-kit/admin`): kept out of the main entry so
// the candidate remote, which uses no TanStack Query, does not carry it.
export { createAdminRemote, type AdminRemoteOptions, type AdminRemoteProps } from './adminRemote';
