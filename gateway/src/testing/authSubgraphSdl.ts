/** The auth subgraph's SDL as agreed between the teams, for gateway tests that stand in for the service. */
export const authSubgraphSdl = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])

  type User @key(fields: "id") {
    id: Int!
    username: String!
    email: String
    name: String!
    age: Int!
    createdAt: String!
  }
  type Query {
    me: User
  }
  input SignUpInput {
    username: String!
    email: String!
    password: String!
    name: String!
    age: Int!
  }
  type AuthPayload {
    user: User!
  }
  type Mutation {
    signUp(input: SignUpInput!): AuthPayload!
    signIn(username: String!, password: String!): AuthPayload!
    signOut: Boolean!
    requestPasswordReset(email: String!): Boolean!
    resetPassword(token: String!, password: String!): Boolean!
    updateAccountDetails(name: String!, age: Int!): User!
    deleteAccount: Boolean!
  }
`;
